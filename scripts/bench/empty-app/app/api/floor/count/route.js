export { count as GET } from "../waitlist";
export const dynamic = "force-dynamic";
