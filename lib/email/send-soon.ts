// The send-soon step lives with the rest of the background work, in lib/jobs/send-soon.ts. This path is kept
// for the admin routes that still import it, so moving it changes none of them; they move to the new path
// with their next change, and this file goes then.
export { SEND_SOON_BUDGET_MS, SEND_SOON_LIMIT, sendSoon } from "@/lib/jobs/send-soon";
