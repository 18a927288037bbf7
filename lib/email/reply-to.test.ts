import type { ParsedMail } from "mailparser";

import { POST as inviteRoute } from "@/app/api/admin/waitlist/invitations/route";
import { siteConfig } from "@/config/site";
import { addWaitlistEntry } from "@/lib/data/waitlist/signups";
import { getDb } from "@/lib/db";
import { sweepOutbox } from "@/lib/email/outbox";
import { insertAdmin, startTestSession, testRequest } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";
import { mailboxForEachTest } from "@/test/smtp";

prepareTestDatabase();

// Every email comes from an address nobody reads: replying is offered only when EMAIL_REPLY_TO sends replies
// somewhere, as the Reply-To header, and the words follow it. Received by a real SMTP server.
const mailbox = mailboxForEachTest((started) => ({
  SMTP_URL: started.url,
  EMAIL_FROM: "Otto <no-reply@otto.example>",
  NEXT_PUBLIC_SITE_URL: "https://otto.example",
}));

beforeEach(async () => {
  await resetDatabase();
});
afterEach(() => {
  delete process.env.EMAIL_REPLY_TO;
});

/** A signup's confirmation and, once confirmed, its invitation, as received. */
async function confirmationAndInvitation(): Promise<{ confirmation: ParsedMail; invitation: ParsedMail }> {
  await addWaitlistEntry({
    name: "Ada Lovelace",
    email: "ada@example.com",
    businessType: "cleaning",
    employees: "2-5",
    agreedToTerms: true,
  } as Parameters<typeof addWaitlistEntry>[0]);
  await sweepOutbox();
  await getDb().waitlistEntry.update({ where: { email: "ada@example.com" }, data: { confirmedAt: new Date() } });
  const admin = await insertAdmin({ email: "admin@example.com" });
  const { cookie } = await startTestSession(admin);
  const invited = await inviteRoute(
    testRequest("/api/admin/waitlist/invitations", { body: { filter: {}, limit: 1 }, cookie }),
    undefined,
  );
  expect(invited.status).toBe(200);
  await sweepOutbox();
  const [confirmation, invitation] = await mailbox.waitFor(2);
  expect(confirmation!.subject).toBe("Confirm your place on the Otto waiting list");
  expect(invitation!.subject).toBe("Your invitation to Otto is here");
  return { confirmation: confirmation!, invitation: invitation! };
}

describe(`Reply-To (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("is sent when EMAIL_REPLY_TO is set, and the emails offer replying", async () => {
    process.env.EMAIL_REPLY_TO = "Otto team <team@otto.example>";
    const mails = await confirmationAndInvitation();
    for (const mail of Object.values(mails)) {
      expect(mail.replyTo?.value).toEqual([{ address: "team@otto.example", name: "Otto team" }]);
      expect(mail.text).toContain("Questions? Just reply to this email.");
      expect(mail.text).not.toContain(siteConfig.privacy.email);
    }
  });

  it("is absent when EMAIL_REPLY_TO is unset, and the emails point to the address to write to instead", async () => {
    const mails = await confirmationAndInvitation();
    for (const mail of Object.values(mails)) {
      expect(mail.replyTo).toBeUndefined();
      expect(mail.headerLines.some((line) => line.key === "reply-to")).toBe(false);
      expect(mail.text).toContain(`Questions? Write to us at ${siteConfig.privacy.email}.`);
      expect(mail.text).not.toMatch(/reply/i);
    }
  });

  it("keeps the confirmation email's promise: one reminder if it is not confirmed", async () => {
    const { confirmation } = await confirmationAndInvitation();
    expect(confirmation.text).toMatch(/one reminder follows if it is not\s+confirmed, and nothing after that\./);
    expect(confirmation.text).not.toMatch(/nothing more will be sent/);
  });
});
