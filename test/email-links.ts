// The links a person gets by email, read from the emails the application queues for them: tests of the link
// routes use tokens made exactly as the real ones are.
import { getDb } from "@/lib/db";

type LinkField = "confirmUrl" | "leaveUrl" | "acceptUrl";

/** The token of a link (confirm, leave or accept) in the newest email queued for an entry that has one. */
export async function tokenFromQueuedEmail(entryId: number, link: LinkField): Promise<string> {
  const emails = await getDb().emailOutbox.findMany({
    where: { entryId },
    orderBy: { id: "desc" },
    select: { payload: true },
  });
  const url = emails
    .map((email) => (email.payload as Partial<Record<LinkField, string>>)[link])
    .find((value) => value !== undefined);
  if (!url) throw new Error(`no email to entry ${entryId} holds a ${link}`);
  return new URL(url).searchParams.get("token")!;
}
