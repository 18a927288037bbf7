import type { ParsedMail } from "mailparser";

import { deleteWaitlistEntry } from "@/lib/data/waitlist/entry-actions";
import { releaseHeldEntries } from "@/lib/data/waitlist/held";
import { importBatch } from "@/lib/data/waitlist/import";
import { queueConfirmationReminders } from "@/lib/data/waitlist/reminders";
import {
  addWaitlistEntry,
  confirmWithToken,
  eraseWithLeaveToken,
  leaveTokenIsValid,
  requestNewConfirmation,
} from "@/lib/data/waitlist/signups";
import { getDb } from "@/lib/db";
import { sweepOutbox } from "@/lib/email/outbox";
import { REMOVED_LINK } from "@/lib/email/render";
import { hashToken } from "@/lib/email/tokens";
import { sweep } from "@/lib/jobs/maintenance";
import { insertAdmin, verifiedAdminFor } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";
import { linksIn, mailboxForEachTest } from "@/test/smtp";

prepareTestDatabase();

const SITE = "https://otto.example";
const HOUR = 60 * 60 * 1000;
const T0 = new Date("2026-11-20T09:00:00.000Z");
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);

const mailbox = mailboxForEachTest((started) => ({
  SMTP_URL: started.url,
  EMAIL_FROM: "Otto <hello@otto.example>",
  NEXT_PUBLIC_SITE_URL: SITE,
}));

beforeEach(() => resetDatabase());

const signup = (email: string, name = "Ann Smith") =>
  ({ name, email, businessType: "cleaning", employees: "2-5", agreedToTerms: true }) as const;

const recipient = (mail: ParsedMail) => (mail.to && "text" in mail.to ? mail.to.text : "");
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;
const linkOf = (mail: ParsedMail, path: string) => linksIn(mail).find((link) => link.includes(path))!;
const outboxOf = (kind: string) => getDb().emailOutbox.findMany({ where: { kind }, orderBy: { id: "asc" } });
const mailsTo = (address: string, subject: string) =>
  mailbox.messages.filter((mail) => recipient(mail) === address && (mail.subject ?? "").startsWith(subject));

/** Signs up at T0 and returns the confirmation email's confirm link (its message sent through SMTP). */
async function signUpAtT0(email: string, name?: string): Promise<string> {
  await addWaitlistEntry(signup(email, name), T0);
  await sweepOutbox({ now: T0 });
  const [mail] = mailsTo(email, "Confirm your place");
  if (!mail) throw new Error(`no confirmation to ${email}`);
  return linkOf(mail, "/waitlist/confirm?token=");
}

describe(`the "you're confirmed" email (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("is queued by the confirmation's own statement, once, with a working status page link and leave link", async () => {
    const first = await signUpAtT0("ann@example.com");
    // A second link asked for before confirming: confirming with it later tells nobody twice.
    await requestNewConfirmation("ann@example.com", at(1), { resendBefore: at(1) });
    await sweepOutbox({ now: at(1) });
    const second = linkOf(mailsTo("ann@example.com", "Confirm your place")[1]!, "/waitlist/confirm?token=");

    const result = await confirmWithToken(tokenOf(first), at(2));
    expect(result).toMatchObject({ status: "confirmed", name: "Ann Smith", emailId: expect.any(Number) });
    // Already in the outbox when the statement returns: written with the confirmation, not after it.
    const [queued] = await outboxOf("confirmed");
    const entry = await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: "ann@example.com" } });
    expect(queued).toMatchObject({
      id: result.status === "confirmed" ? result.emailId : -1,
      entryId: entry.id,
      to: "ann@example.com",
      subject: "You're confirmed on the Otto waiting list",
      status: "pending",
      createdAt: entry.confirmedAt,
    });

    expect(await confirmWithToken(tokenOf(second), at(3))).toMatchObject({ status: "confirmed", emailId: null });
    expect(await outboxOf("confirmed")).toHaveLength(1);

    await sweepOutbox({ now: at(3) });
    const [mail, ...more] = mailsTo("ann@example.com", "You're confirmed");
    expect(more).toEqual([]);
    expect(mail!.text).toMatch(/you're confirmed, ann smith/i);
    const leaveUrl = linkOf(mail!, "/waitlist/leave?token=");
    const statusUrl = linkOf(mail!, "/waitlist/status?token=");
    expect(leaveUrl.startsWith(SITE)).toBe(true);
    expect(await leaveTokenIsValid(tokenOf(leaveUrl))).toBe(true);
    expect(
      await getDb().waitlistToken.count({ where: { tokenHash: hashToken(tokenOf(statusUrl)), purpose: "status" } }),
    ).toBe(1);
    const header = mail!.headerLines.find((line) => line.key === "list-unsubscribe")!.line;
    expect(header).toContain(leaveUrl);
    // Sent: the outbox keeps no working link.
    expect((await outboxOf("confirmed"))[0]!.payload).toMatchObject({
      statusUrl: REMOVED_LINK,
      leaveUrl: REMOVED_LINK,
    });
  });

  it("goes to nobody when the confirmation link does not confirm", async () => {
    await signUpAtT0("ann@example.com");
    expect(await confirmWithToken("x".repeat(43), at(1))).toEqual({ status: "invalid" });
    expect(await outboxOf("confirmed")).toEqual([]);
  });
});

describe(`the reminder to confirm (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("is due 48 hours after the confirmation email, carries a fresh working confirm link and the leave link, and goes once", async () => {
    await signUpAtT0("ann@example.com");
    expect(await queueConfirmationReminders(at(47.9))).toEqual([]);
    const ids = await queueConfirmationReminders(at(48));
    expect(ids).toHaveLength(1);
    // Run again, and by the maintenance sweep as a server and the cron route do: nothing more.
    expect(await queueConfirmationReminders(at(48.1))).toEqual([]);
    expect((await sweep(at(60))).reminders).toBe(0);

    await sweepOutbox({ now: at(48) });
    const [mail, ...more] = mailsTo("ann@example.com", "Reminder: confirm your place");
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("Reminder: confirm your place on the Otto waiting list");
    expect(mail!.text).toMatch(/your place is waiting, ann smith/i);
    const confirmUrl = linkOf(mail!, "/waitlist/confirm?token=");
    const leaveUrl = linkOf(mail!, "/waitlist/leave?token=");
    expect(mail!.headerLines.find((line) => line.key === "list-unsubscribe")!.line).toContain(leaveUrl);
    expect(await leaveTokenIsValid(tokenOf(leaveUrl))).toBe(true);
    // Its link is its own, and works for seven days from the reminder (the first one's would end sooner).
    const reminderToken = await getDb().waitlistToken.findUniqueOrThrow({
      where: { tokenHash: hashToken(tokenOf(confirmUrl)) },
    });
    expect(reminderToken).toMatchObject({ purpose: "confirm", usedAt: null, expiresAt: at(48 + 7 * 24) });
    expect(await confirmWithToken(tokenOf(confirmUrl), at(48 + 6 * 24))).toMatchObject({ status: "confirmed" });

    expect((await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: "ann@example.com" } })).remindedAt).toEqual(
      at(48),
    );
    expect(await outboxOf("confirmation-reminder")).toHaveLength(1);
  });

  it("is queued once when many sweeps run at the same moment", async () => {
    for (const index of [1, 2, 3]) await addWaitlistEntry(signup(`p${index}@example.com`), T0);
    const batches = await Promise.all(Array.from({ length: 6 }, () => queueConfirmationReminders(at(49))));
    expect(batches.flat()).toHaveLength(3);
    const reminders = await outboxOf("confirmation-reminder");
    expect(reminders.map((row) => row.to).sort()).toEqual(["p1@example.com", "p2@example.com", "p3@example.com"]);
    // And by the maintenance sweeps of several servers at once: none more.
    const sweeps = await Promise.all([sweep(at(50)), sweep(at(50)), sweep(at(50))]);
    expect(sweeps.map((result) => result.reminders)).toEqual([0, 0, 0]);
  });

  it("takes only as many as its batch allows, and the next sweep the rest", async () => {
    for (const index of [1, 2, 3]) await addWaitlistEntry(signup(`p${index}@example.com`), T0);
    expect(await queueConfirmationReminders(at(49), 2)).toHaveLength(2);
    expect(await queueConfirmationReminders(at(49), 2)).toHaveLength(1);
    expect(await queueConfirmationReminders(at(49), 2)).toHaveLength(0);
  });

  it("goes to nobody who confirmed, left, was deleted, is held or invited, or signed up long before", async () => {
    const confirmed = await signUpAtT0("confirmed@example.com");
    await confirmWithToken(tokenOf(confirmed), at(20));
    await signUpAtT0("leaver@example.com");
    const leaveLink = linkOf(mailsTo("leaver@example.com", "Confirm")[0]!, "/waitlist/leave?token=");
    expect(await eraseWithLeaveToken(tokenOf(leaveLink))).toBe(true);
    await signUpAtT0("deleted@example.com");
    const admin = await verifiedAdminFor(await insertAdmin({ email: "boss@example.com" }));
    const deleted = await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: "deleted@example.com" } });
    expect(await deleteWaitlistEntry(admin, deleted.id)).toBe(true);
    // Held for review: it was never sent a confirmation, so it is not reminded of one.
    await addWaitlistEntry(signup("held@example.com"), T0, { heldReason: "missing" });
    await signUpAtT0("invited@example.com");
    await getDb().waitlistEntry.update({ where: { email: "invited@example.com" }, data: { status: "invited" } });
    // Signed up eight days before: its link long gone, a reminder now would come out of the blue.
    await addWaitlistEntry(signup("old@example.com"), at(-8 * 24));

    expect(await queueConfirmationReminders(at(72))).toEqual([]);
    await sweepOutbox({ now: at(72) });
    expect(mailbox.messages.filter((mail) => mail.subject?.startsWith("Reminder"))).toEqual([]);
  });

  it("is withdrawn if they confirm before it is sent, and an erasure takes it with the entry", async () => {
    const confirm = await signUpAtT0("ann@example.com");
    await signUpAtT0("bob@example.com", "Bob Jones");
    expect(await queueConfirmationReminders(at(48))).toHaveLength(2);
    await confirmWithToken(tokenOf(confirm), at(48));
    const bob = await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: "bob@example.com" } });
    const admin = await verifiedAdminFor(await insertAdmin({ email: "boss@example.com" }));
    await deleteWaitlistEntry(admin, bob.id);
    expect(await outboxOf("confirmation-reminder")).toEqual([]);
    await sweepOutbox({ now: at(48) });
    expect(mailbox.messages.filter((mail) => mail.subject?.startsWith("Reminder"))).toEqual([]);
    expect(mailsTo("ann@example.com", "You're confirmed")).toHaveLength(1);
  });

  it("reminds imported people only when the import sent them a confirmation", async () => {
    const admin = await verifiedAdminFor(await insertAdmin({ email: "boss@example.com" }));
    const row = (line: number, email: string) => ({
      line,
      email,
      name: `Person ${line}`,
      businessType: "Cleaning",
      teamSize: "2 to 5",
      joinedAt: "2026-11-19 09:00:00",
    });
    const batch = (rows: ReturnType<typeof row>[], sendConfirmations: boolean) =>
      importBatch(admin, { importId: crypto.randomUUID(), batch: 0, rows, sendConfirmations }, T0);
    await batch([row(2, "silent@example.com")], false);
    await batch([row(2, "asked@example.com")], true);
    await queueConfirmationReminders(at(48));
    expect((await outboxOf("confirmation-reminder")).map((reminder) => reminder.to)).toEqual(["asked@example.com"]);
  });

  it("counts from the release of a held entry: when its confirmation went", async () => {
    await addWaitlistEntry(signup("held@example.com"), T0, { heldReason: "missing" });
    const admin = await verifiedAdminFor(await insertAdmin({ email: "boss@example.com" }));
    const held = await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: "held@example.com" } });
    await releaseHeldEntries(admin, [held.id], at(24));
    expect(await queueConfirmationReminders(at(48))).toEqual([]);
    expect(await queueConfirmationReminders(at(72))).toHaveLength(1);
  });
});
