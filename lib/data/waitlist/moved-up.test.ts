import type { ParsedMail } from "mailparser";

import { PUT as putMovedUp } from "@/app/api/admin/settings/moved-up/route";
import { getMovedUpSettings, setMovedUpSettings } from "@/lib/data/site-settings";
import { forgetCachedPlaces, statusOfToken } from "@/lib/data/waitlist/line";
import { queueMovedUpEmails } from "@/lib/data/waitlist/moved-up";
import {
  addWaitlistEntry,
  confirmWithToken,
  eraseWithLeaveToken,
  leaveTokenIsValid,
} from "@/lib/data/waitlist/signups";
import { getDb } from "@/lib/db";
import { sweepOutbox } from "@/lib/email/outbox";
import { hashToken, newToken, statusTokenOf } from "@/lib/email/tokens";
import { sweep } from "@/lib/jobs/maintenance";
import { insertAdmin, safeJson, sessionCookieFor, testRequest, verifiedAdminFor } from "@/test/admin";
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

beforeEach(async () => {
  await resetDatabase();
  // The settings row is made by the migration, so the reset leaves it: each test starts from the default.
  await getDb().siteSettings.update({ where: { id: 1 }, data: { movedUpEnabled: false, movedUpPlaces: 10 } });
});

const owner = async () => verifiedAdminFor(await insertAdmin({ email: "owner@example.com" }));

/** Signs someone up (held when told) and returns their entry's id. */
async function join(email: string, options: { held?: boolean; at?: Date } = {}): Promise<number> {
  await addWaitlistEntry(
    { name: email.split("@")[0]!, email, businessType: "cleaning", employees: "2-5", agreedToTerms: true },
    options.at ?? T0,
    options.held ? { heldReason: "missing" } : {},
  );
  return (await getDb().waitlistEntry.findUniqueOrThrow({ where: { email } })).id;
}

/** Confirms an entry the way its link does; returns its status page token. */
async function confirm(id: number, when = T0): Promise<string> {
  const token = newToken();
  await getDb().waitlistToken.create({
    data: { tokenHash: hashToken(token), entryId: id, purpose: "confirm", expiresAt: new Date(when.getTime() + HOUR) },
  });
  expect(await confirmWithToken(token, when)).toMatchObject({ status: "confirmed" });
  return statusTokenOf(token);
}

/** Signs up and confirms people in this order (so in this order in line); returns their ids by address. */
async function line(emails: string[]): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const email of emails) {
    ids[email] = await join(email);
    await confirm(ids[email]);
  }
  return ids;
}

/** The person leaves through a leave link of their own, as the footer's link does. */
async function leave(id: number): Promise<void> {
  const token = newToken();
  await getDb().waitlistToken.create({ data: { tokenHash: hashToken(token), entryId: id, purpose: "leave" } });
  expect(await eraseWithLeaveToken(token)).toBe(true);
  forgetCachedPlaces();
}

const movedUpEmails = () =>
  getDb().emailOutbox.findMany({
    where: { kind: "moved-up" },
    orderBy: [{ to: "asc" }, { id: "asc" }],
    select: { to: true, subject: true, payload: true },
  });

const recipient = (mail: ParsedMail) => (mail.to && "text" in mail.to ? mail.to.text : "");

describe(`"You moved up" updates (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("are off by default, with 10 places: the sweep queues nothing and notes nobody's place", async () => {
    const ids = await line([
      "a@example.com",
      "b@example.com",
      ...Array.from({ length: 12 }, (_, i) => `p${i}@example.com`),
    ]);
    expect(await getMovedUpSettings(await owner())).toEqual({ enabled: false, places: 10 });
    await sweep(at(1));
    for (const email of ["a@example.com", "b@example.com"]) await leave(ids[email]!);
    const swept = await sweep(at(30));
    expect(swept.movedUp).toBe(0);
    expect(await movedUpEmails()).toEqual([]);
    expect(await getDb().waitlistMovedUp.count()).toBe(0);
  });

  it("send one after a move of N places (none after N-1), once a day at most, with the place, the move, the personal link and the leave link", async () => {
    await setMovedUpSettings(await owner(), { enabled: true, places: 3 });
    const people = ["l1", "l2", "l3", "l4", "l5", "l6", "t"].map((name) => `${name}@example.com`);
    const ids = await line(people);

    // Turning it on tells nobody anything yet: the first sweep notes each place.
    expect((await sweep(at(1))).movedUp).toBe(0);
    expect(await getDb().waitlistMovedUp.findUnique({ where: { entryId: ids["t@example.com"]! } })).toMatchObject({
      lastPlace: 7,
      lastSentAt: null,
    });

    // Two ahead leave: everyone behind them moved two places, one short of three.
    await leave(ids["l1@example.com"]!);
    await leave(ids["l2@example.com"]!);
    expect((await sweep(at(2))).movedUp).toBe(0);

    // A third: those behind all three moved three places.
    await leave(ids["l3@example.com"]!);
    expect((await sweep(at(3))).movedUp).toBe(4);
    const first = await movedUpEmails();
    expect(first.map((email) => [email.to, email.subject, (email.payload as { moved: number }).moved])).toEqual([
      ["l4@example.com", "You moved up to #1 on the Otto waiting list", 3],
      ["l5@example.com", "You moved up to #2 on the Otto waiting list", 3],
      ["l6@example.com", "You moved up to #3 on the Otto waiting list", 3],
      ["t@example.com", "You moved up to #4 on the Otto waiting list", 3],
    ]);

    // The email goes through the outbox like any list email: its place, its move, the personal link, and the
    // way off the list both in the footer and in the one-click headers.
    await sweepOutbox({ now: at(3) });
    const mail = mailbox.messages.find(
      (message) => recipient(message) === "t@example.com" && message.subject?.startsWith("You moved up"),
    )!;
    expect(mail.subject).toBe("You moved up to #4 on the Otto waiting list");
    expect(mail.text).toContain("#4 on the Otto waiting list, 3 places up since we last wrote");
    const t = await getDb().waitlistEntry.findUniqueOrThrow({ where: { id: ids["t@example.com"]! } });
    expect(linksIn(mail)).toContain(`${SITE}/?ref=${t.referralCode}`);
    const leaveLink = linksIn(mail).find((link) => link.startsWith(`${SITE}/waitlist/leave?token=`))!;
    expect(mail.headerLines.find((line) => line.key === "list-unsubscribe-post")?.line).toBe(
      "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
    );
    expect(mail.headerLines.find((line) => line.key === "list-unsubscribe")?.line).toContain(leaveLink);
    expect(await leaveTokenIsValid(new URL(leaveLink).searchParams.get("token")!)).toBe(true);

    // The rest ahead of t leave the same day: three more places, but a second sweep that day sends nothing.
    for (const name of ["l4", "l5", "l6"]) await leave(ids[`${name}@example.com`]!);
    expect((await sweep(at(4))).movedUp).toBe(0);
    expect((await sweep(at(26))).movedUp).toBe(0);

    // A day after the last one, the move since then is told.
    expect((await sweep(at(27))).movedUp).toBe(1);
    const latest = (await movedUpEmails()).filter((email) => email.to === "t@example.com");
    expect(latest.map((email) => [email.subject, (email.payload as { place: number; moved: number }).moved])).toEqual([
      ["You moved up to #4 on the Otto waiting list", 3],
      ["You moved up to #1 on the Otto waiting list", 3],
    ]);
    // The place told is the place the status page shows.
    const status = await statusOfToken(await confirmAgainToken(ids["t@example.com"]!));
    expect(status?.place).toBe(1);
  });

  it("never go to the held, the unconfirmed, those who left, or those on the suppression list", async () => {
    await setMovedUpSettings(await owner(), { enabled: true, places: 1 });
    const ids = await line(["ahead@example.com", "gone@example.com", "came-back@example.com", "kept@example.com"]);
    // Left once, and signed up and confirmed again: on the suppression list, and in line.
    await leave(ids["came-back@example.com"]!);
    const back = await join("came-back@example.com");
    await confirm(back);
    // Held for review, even with its address confirmed (and so counted in line, as the status page counts it).
    const held = await join("held@example.com", { held: true });
    await confirm(held);
    expect((await getDb().waitlistEntry.findUniqueOrThrow({ where: { id: held } })).confirmSeq).not.toBeNull();
    const unconfirmed = await join("unconfirmed@example.com");
    await sweep(at(1));
    const noted = await getDb().waitlistMovedUp.findMany({ select: { entryId: true } });
    expect(noted.map((row) => row.entryId).sort()).toEqual(
      [ids["ahead@example.com"]!, ids["gone@example.com"]!, ids["kept@example.com"]!, back].sort(),
    );
    expect(noted.map((row) => row.entryId)).not.toContain(held);
    expect(noted.map((row) => row.entryId)).not.toContain(unconfirmed);

    await leave(ids["gone@example.com"]!);
    await leave(ids["ahead@example.com"]!);
    expect((await sweep(at(2))).movedUp).toBe(1);
    expect((await movedUpEmails()).map((email) => email.to)).toEqual(["kept@example.com"]);
    expect(await getDb().waitlistMovedUp.findUnique({ where: { entryId: ids["gone@example.com"]! } })).toBeNull();
  });

  it("queue each person once when two sweeps run at once", async () => {
    await setMovedUpSettings(await owner(), { enabled: true, places: 1 });
    const people = ["first", "a", "b", "c", "d", "e"].map((name) => `${name}@example.com`);
    const ids = await line(people);
    await queueMovedUpEmails(at(1));
    await leave(ids["first@example.com"]!);
    const [one, two] = await Promise.all([queueMovedUpEmails(at(2)), queueMovedUpEmails(at(2))]);
    expect(one.length + two.length).toBe(5);
    const emails = await movedUpEmails();
    expect(emails.map((email) => email.to).sort()).toEqual(people.slice(1).sort());
  });

  it("are the owner's to change: viewers and members are refused, a change is audited, bad input is a 400", async () => {
    const admin = await owner();
    const viewer = await verifiedAdminFor(await insertAdmin({ email: "viewer@example.com", role: "viewer" }));
    const member = await verifiedAdminFor(await insertAdmin({ email: "member@example.com", role: "member" }));
    await expect(setMovedUpSettings(viewer, { enabled: true, places: 10 })).rejects.toMatchObject({ status: 403 });
    await expect(setMovedUpSettings(member, { enabled: true, places: 10 })).rejects.toMatchObject({ status: 403 });
    expect(await getMovedUpSettings(viewer)).toEqual({ enabled: false, places: 10 });

    await setMovedUpSettings(admin, { enabled: true, places: 25 });
    await setMovedUpSettings(admin, { enabled: true, places: 25 });
    const audit = await getDb().auditLog.findMany({ where: { action: "settings.moved_up" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      adminEmail: "owner@example.com",
      details: { from: { enabled: false, places: 10 }, to: { enabled: true, places: 25 } },
    });

    const cookie = await sessionCookieFor({ id: admin.id });
    for (const body of [
      { enabled: true, places: 0 },
      { enabled: true, places: 1001 },
      { enabled: true, places: 2.5 },
      { enabled: true, places: "10" },
      { enabled: "yes", places: 10 },
      { enabled: true, places: 10, extra: 1 },
    ]) {
      const response = await putMovedUp(testRequest("/api/admin/settings/moved-up", { method: "PUT", body, cookie }));
      expect(response.status).toBe(400);
      expect(typeof (await safeJson(response)).message).toBe("string");
    }
    const viewerCookie = await sessionCookieFor({ id: viewer.id });
    const refused = await putMovedUp(
      testRequest("/api/admin/settings/moved-up", {
        method: "PUT",
        body: { enabled: false, places: 5 },
        cookie: viewerCookie,
      }),
    );
    expect(refused.status).toBe(403);
    const saved = await putMovedUp(
      testRequest("/api/admin/settings/moved-up", { method: "PUT", body: { enabled: false, places: 5 }, cookie }),
    );
    expect(saved.status).toBe(200);
    expect(await safeJson(saved)).toEqual({ enabled: false, places: 5 });
    expect(await getMovedUpSettings(admin)).toEqual({ enabled: false, places: 5 });
  });
});

/** A status page token for an entry (as its confirmation link makes one), to read the place the page shows. */
async function confirmAgainToken(id: number): Promise<string> {
  const token = newToken();
  await getDb().waitlistToken.create({
    data: { tokenHash: hashToken(statusTokenOf(token)), entryId: id, purpose: "status" },
  });
  return statusTokenOf(token);
}
