export { signup as POST } from "../waitlist";
