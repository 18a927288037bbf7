import type { ParsedMail } from "mailparser";

import { queueDigests } from "@/lib/data/notifications";
import { releaseHeldEntries } from "@/lib/data/waitlist/held";
import { queueHeldSummaries } from "@/lib/data/waitlist/held-summaries";
import { addWaitlistEntry } from "@/lib/data/waitlist/signups";
import { getDb } from "@/lib/db";
import { sweepOutbox } from "@/lib/email/outbox";
import { sweep } from "@/lib/jobs/maintenance";
import type { ProofFailure } from "@/lib/validation/challenge";
import { insertAdmin, verifiedAdminFor } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";
import { linksIn, mailboxForEachTest } from "@/test/smtp";

prepareTestDatabase();

const SITE = "https://otto.example";
const MINUTE = 60 * 1000;
const T0 = new Date("2026-11-20T10:00:00.000Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * MINUTE);

const mailbox = mailboxForEachTest((started) => ({
  SMTP_URL: started.url,
  EMAIL_FROM: "Otto <hello@otto.example>",
  NEXT_PUBLIC_SITE_URL: SITE,
}));

beforeEach(() => resetDatabase());

const recipient = (mail: ParsedMail) => (mail.to && "text" in mail.to ? mail.to.text : "");
/** The "N signups held for review" emails received, as "to: subject". */
const heldMails = () =>
  mailbox.messages
    .filter((mail) => / held for review on /.test(mail.subject ?? ""))
    .map((mail) => `${recipient(mail)}: ${mail.subject}`);

let counter = 0;
/** A signup held for review at `when`, for `reason` (as a bot without the proof, or a replayed one, would be). */
async function hold(when: Date, reason: ProofFailure = "missing", name = "Held Person") {
  counter += 1;
  await addWaitlistEntry(
    { name, email: `held-${counter}@example.com`, businessType: "car", employees: "1", agreedToTerms: true },
    when,
    { heldReason: reason },
  );
}

/** Admins of every kind: only each@ chose every signup and is active. */
async function admins() {
  const each = await insertAdmin({ email: "each@example.com" });
  await insertAdmin({ email: "inactive@example.com", isActive: false });
  await insertAdmin({ email: "digest@example.com" });
  await insertAdmin({ email: "none@example.com" });
  for (const [email, notify] of [
    ["each@example.com", "each"],
    ["inactive@example.com", "each"],
    ["digest@example.com", "digest"],
  ] as const)
    await getDb().adminUser.update({ where: { email }, data: { notify } });
  return each;
}

describe(`"N signups held for review" (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("a hundred held signups make one email an hour to each active admin who chose every signup, none to the others", async () => {
    const each = await admins();
    // A burst of bots (reused and garbled checks) and one person whose browser runs no JavaScript.
    for (let i = 0; i < 60; i++) await hold(at(i / 10), "replayed");
    for (let i = 0; i < 39; i++) await hold(at(i / 10), "malformed");
    await hold(at(5), "missing", "Nora Noscript");

    // The maintenance sweep queues it; the outbox sweep sends it.
    await sweep(at(10));
    await sweep(at(11));
    await sweepOutbox({ now: at(11) });
    expect(heldMails()).toEqual(["each@example.com: 100 signups held for review on the Otto waiting list"]);
    const [mail] = mailbox.messages.filter((message) => /held for review/.test(message.subject ?? ""));
    expect(mail!.text).toContain("Check already used: 60");
    expect(mail!.text).toContain("Garbled check: 39");
    expect(mail!.text).toContain("No check: JavaScript off, or a script: 1");
    expect(mail!.text).toContain("Since 20 Nov 2026, 09:10 UTC");
    // Its link opens the list showing only the held signups; the team's emails link to their settings.
    expect(linksIn(mail!)).toContain(`${SITE}/admin?held=yes`);
    expect(linksIn(mail!)).toContain(`${SITE}/admin/settings`);
    expect(mail!.headers.has("list-unsubscribe")).toBe(false);

    // More arrive within the hour: nothing more is sent before an hour has passed since the last one.
    mailbox.messages.length = 0;
    for (let i = 0; i < 20; i++) await hold(at(20 + i / 10), "invalid");
    await hold(at(25), "missing");
    // Released before the next email: no longer waiting, so not counted.
    const [released] = await getDb().waitlistEntry.findMany({
      where: { heldAt: at(25) },
      select: { id: true },
    });
    await releaseHeldEntries(await verifiedAdminFor(each), [released!.id], at(22));
    for (const minutes of [30, 40, 50, 60, 69]) await sweep(at(minutes));
    await sweepOutbox({ now: at(69) });
    expect(heldMails()).toEqual([]);

    await sweep(at(71));
    await sweepOutbox({ now: at(71) });
    expect(heldMails()).toEqual(["each@example.com: 20 signups held for review on the Otto waiting list"]);
    expect(mailbox.messages.find((message) => /held for review/.test(message.subject ?? ""))!.text).toContain(
      "Since 20 Nov 2026, 10:10 UTC",
    );

    // No new held signups: nothing, however long it has been.
    mailbox.messages.length = 0;
    await sweep(at(200));
    await sweepOutbox({ now: at(200) });
    expect(heldMails()).toEqual([]);
    expect(await getDb().emailOutbox.count({ where: { kind: "held-summary" } })).toBe(2);
  });

  it("sends nothing for signups that were not held, nor for held ones older than the hour an admin never heard of", async () => {
    await admins();
    await hold(at(-90));
    await addWaitlistEntry(
      { name: "Proven", email: "proven@example.com", businessType: "car", employees: "1", agreedToTerms: true },
      at(-5),
    );
    expect(await queueHeldSummaries(at(0))).toEqual([]);
    await hold(at(-30));
    expect(await queueHeldSummaries(at(0))).toHaveLength(1);
    const [row] = await getDb().emailOutbox.findMany({ where: { kind: "held-summary" } });
    expect(row).toMatchObject({ to: "each@example.com", subject: "1 signup held for review on the Otto waiting list" });
    expect(row!.payload).toEqual({
      count: 1,
      since: at(-60).toISOString(),
      byReason: [{ reason: "missing", count: 1 }],
      waiting: 2,
    });
  });

  it("queues one email however many sweeps run at once", async () => {
    await admins();
    for (let i = 0; i < 5; i++) await hold(at(-i));
    const queued = await Promise.all(Array.from({ length: 6 }, () => queueHeldSummaries(at(1))));
    expect(queued.flat()).toHaveLength(1);
    expect(await getDb().emailOutbox.count({ where: { kind: "held-summary" } })).toBe(1);
  });
});

describe(`the daily digest's held line (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("says how many of the day's signups are held for review, apart from the counted ones, and links to them", async () => {
    await admins();
    const day = new Date("2026-11-19T12:00:00.000Z");
    await addWaitlistEntry(
      { name: "Proven", email: "proven@example.com", businessType: "car", employees: "1", agreedToTerms: true },
      day,
    );
    for (let i = 0; i < 3; i++) await hold(day);
    expect(await queueDigests(new Date("2026-11-20T07:30:00.000Z"))).toBe(1);
    await sweepOutbox();
    const [digest] = mailbox.messages.filter((mail) => recipient(mail) === "digest@example.com");
    expect(digest!.subject).toBe("Otto waiting list, 19 November 2026: 1 signup");
    expect(digest!.text).toContain("3 signups held for review, not counted above");
    expect(linksIn(digest!)).toContain(`${SITE}/admin?held=yes`);
  });
});
