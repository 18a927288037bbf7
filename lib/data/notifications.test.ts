import type { ParsedMail } from "mailparser";

import { GET as getNotifications, PUT as putNotifications } from "@/app/api/admin/notifications/route";
import { digestFor, queueDigests } from "@/lib/data/notifications";
import { deleteWaitlistEntry } from "@/lib/data/waitlist/entry-actions";
import { acceptInvitation, inviteEntries } from "@/lib/data/waitlist/invitations";
import { addWaitlistEntry } from "@/lib/data/waitlist/signups";
import { getDb, withSql } from "@/lib/db";
import { sweepOutbox } from "@/lib/email/outbox";
import { insertAdmin, startTestSession, testRequest, verifiedAdminFor } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";
import { tokenFromQueuedEmail } from "@/test/email-links";
import { linksIn, mailboxForEachTest } from "@/test/smtp";

prepareTestDatabase();

const SITE = "https://otto.example";
const mailbox = mailboxForEachTest((started) => ({
  SMTP_URL: started.url,
  EMAIL_FROM: "Otto <hello@otto.example>",
  NEXT_PUBLIC_SITE_URL: SITE,
}));

beforeEach(async () => {
  await resetDatabase();
});

const recipient = (mail: ParsedMail) => (mail.to && "text" in mail.to ? mail.to.text : "");
const setNotify = (email: string, notify: string) => getDb().adminUser.update({ where: { email }, data: { notify } });

describe(`email about signups for admins (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("alerts each active admin who chose every signup, in the signup's own statement, and only for a new entry", async () => {
    await insertAdmin({ email: "each@example.com" });
    await insertAdmin({ email: "inactive@example.com", isActive: false });
    await insertAdmin({ email: "digest@example.com" });
    await insertAdmin({ email: "none@example.com" });
    await setNotify("each@example.com", "each");
    await setNotify("inactive@example.com", "each");
    await setNotify("digest@example.com", "digest");

    await addWaitlistEntry({
      name: "Ann Smith",
      email: "ann@example.com",
      businessType: "car",
      employees: "2-5",
      agreedToTerms: true,
      source: { utmSource: "newsletter" },
    });
    await addWaitlistEntry({
      name: "Ann Again",
      email: "ann@example.com",
      businessType: "car",
      employees: "2-5",
      agreedToTerms: true,
    });
    const alerts = await getDb().emailOutbox.findMany({ where: { kind: "signup-alert" } });
    expect(alerts.map((alert) => [alert.to, alert.subject])).toEqual([
      ["each@example.com", "New signup on the Otto waiting list: Ann Smith"],
    ]);
    const ann = await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: "ann@example.com" } });
    expect(alerts[0]!.payload).toEqual({
      name: "Ann Smith",
      email: "ann@example.com",
      businessType: "car",
      businessDescription: null,
      employees: "2-5",
      source: "newsletter",
      entryId: ann.id,
    });

    await sweepOutbox();
    const mail = mailbox.messages.find((message) => recipient(message) === "each@example.com")!;
    expect(mail.text).toContain("Car valeting & detailing");
    expect(mail.text).toContain("newsletter");
    expect(linksIn(mail)).toContain(`${SITE}/admin/waitlist/${ann.id}`);
    expect(linksIn(mail)).toContain(`${SITE}/admin/settings`);
    // The team's own email is not list mail: no unsubscribe header.
    expect(mail.headers.has("list-unsubscribe")).toBe(false);

    // Erasing the entry erases the alerts that named them too.
    await deleteWaitlistEntry(
      await verifiedAdminFor(await getDb().adminUser.findUniqueOrThrow({ where: { email: "none@example.com" } })),
      ann.id,
    );
    expect(await getDb().emailOutbox.count({ where: { kind: "signup-alert" } })).toBe(0);
  });

  it("says what a visitor who chose Other wrote about their business, after Other", async () => {
    await insertAdmin({ email: "each@example.com" });
    await setNotify("each@example.com", "each");
    await addWaitlistEntry({
      name: "Pip Walker",
      email: "pip@example.com",
      businessType: "other",
      businessDescription: "Dog walking",
      employees: "1",
      agreedToTerms: true,
    });
    const [alert] = await getDb().emailOutbox.findMany({ where: { kind: "signup-alert" } });
    expect(alert!.payload).toMatchObject({ businessType: "other", businessDescription: "Dog walking" });
    await sweepOutbox();
    const mail = mailbox.messages.find((message) => recipient(message) === "each@example.com")!;
    expect(mail.text).toContain("Other: Dog walking");
  });

  it("tells each active admin who chose every signup when an invitation is accepted, once, in the acceptance's own statement", async () => {
    await insertAdmin({ email: "each@example.com" });
    await insertAdmin({ email: "inactive@example.com", isActive: false });
    await insertAdmin({ email: "digest@example.com" });
    await setNotify("each@example.com", "each");
    await setNotify("inactive@example.com", "each");
    await setNotify("digest@example.com", "digest");
    await addWaitlistEntry({
      name: "Ann Smith",
      email: "ann@example.com",
      businessType: "car",
      employees: "2-5",
      agreedToTerms: true,
      source: { referrer: "www.reddit.com" },
    });
    const ann = await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: "ann@example.com" } });
    const admin = await verifiedAdminFor(
      await getDb().adminUser.findUniqueOrThrow({ where: { email: "digest@example.com" } }),
    );
    await inviteEntries(admin, { ids: [ann.id], includeUnconfirmed: true }, "");
    const token = await tokenFromQueuedEmail(ann.id, "acceptUrl");
    await getDb().emailOutbox.deleteMany({});

    const accepted = await acceptInvitation(token);
    expect(accepted).toMatchObject({ status: "accepted", name: "Ann Smith" });
    // Opening the link again changes nothing, and tells nobody again.
    expect(await acceptInvitation(token)).toMatchObject({ status: "already-accepted" });
    const alerts = await getDb().emailOutbox.findMany({ where: { kind: "invitation-accepted" } });
    expect(alerts.map((alert) => [alert.to, alert.subject, alert.entryId])).toEqual([
      ["each@example.com", "Ann Smith accepted their invitation to Otto", ann.id],
    ]);
    expect(accepted.status === "accepted" && accepted.outboxIds).toEqual([alerts[0]!.id]);
    expect(alerts[0]!.payload).toEqual({
      name: "Ann Smith",
      email: "ann@example.com",
      businessType: "car",
      employees: "2-5",
      source: "www.reddit.com",
      entryId: ann.id,
    });
    expect(alerts[0]!.messageId).toMatch(/^<.+@otto\.example>$/);

    await sweepOutbox();
    const mail = mailbox.messages.find((message) => recipient(message) === "each@example.com")!;
    expect(mail.subject).toBe("Ann Smith accepted their invitation to Otto");
    expect(mail.text).toContain("Car valeting & detailing");
    expect(mail.text).toContain("www.reddit.com");
    expect(linksIn(mail)).toContain(`${SITE}/admin/waitlist/${ann.id}`);
    expect(linksIn(mail)).toContain(`${SITE}/admin/settings`);
    expect(mail.headers.has("list-unsubscribe")).toBe(false);
    expect(mailbox.messages.map(recipient)).toEqual(["each@example.com"]);

    // Erasing the entry erases the alert that named them too.
    await deleteWaitlistEntry(admin, ann.id);
    expect(await getDb().emailOutbox.count({ where: { kind: "invitation-accepted" } })).toBe(0);
  });

  it("queues yesterday's digest (UTC) once it is past 07:00, once per admin, with the day's exact figures", async () => {
    await insertAdmin({ email: "digest@example.com" });
    await insertAdmin({ email: "other@example.com" });
    await setNotify("digest@example.com", "digest");
    await withSql(async (sql) => {
      const people: [string, string, string, string | null, string | null][] = [
        ["Before Midnight", "2025-03-09T23:59:00Z", "cleaning", "newsletter", null],
        ["Day Start", "2025-03-10T00:00:00Z", "cleaning", null, "t.co"],
        ["Ann", "2025-03-10T08:00:00Z", "car", "newsletter", null],
        ["Bob", "2025-03-10T09:00:00Z", "car", null, null],
        ["Cat", "2025-03-10T10:00:00Z", "trades", "newsletter", null],
        ["Dan", "2025-03-10T11:00:00Z", "car", null, null],
        ["Eve", "2025-03-10T12:00:00Z", "tutoring", null, null],
        ["Fay", "2025-03-10T23:59:59Z", "car", null, "t.co"],
        ["Next Day", "2025-03-11T00:00:00Z", "car", null, null],
      ];
      for (const [name, joinedAt, businessType, utmSource, referrer] of people) {
        await sql.query(
          `INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "joinedAt", "utmSource", "referrer") VALUES ($1, $2, $3, '1', $4, $5, $6)`,
          [name, `${name.replace(/\s/g, ".").toLowerCase()}@example.com`, businessType, joinedAt, utmSource, referrer],
        );
      }
      // Two accepted their invitation on the 10th, one the day after.
      await sql.query(
        `UPDATE "waitlist" SET "status" = 'accepted', "invitedAt" = '2025-03-09T12:00:00Z',
           "acceptedAt" = CASE WHEN "name" = 'Next Day' THEN timestamptz '2025-03-11T09:00:00Z' ELSE timestamptz '2025-03-10T15:00:00Z' END
         WHERE "name" IN ('Before Midnight', 'Ann', 'Next Day')`,
      );
    });

    expect(await queueDigests(new Date("2025-03-11T06:59:59Z"))).toBe(0);
    expect(await queueDigests(new Date("2025-03-11T07:00:00Z"))).toBe(1);
    expect(await queueDigests(new Date("2025-03-11T09:30:00Z"))).toBe(0);
    const [digest, ...others] = await getDb().emailOutbox.findMany({ where: { kind: "digest" } });
    expect(others).toEqual([]);
    expect(digest).toMatchObject({ to: "digest@example.com", subject: "Otto waiting list, 10 March 2025: 7 signups" });
    expect(digest!.payload).toEqual({
      day: "2025-03-10",
      total: 7,
      byType: [
        { key: "car", signups: 4 },
        { key: "cleaning", signups: 1 },
        { key: "trades", signups: 1 },
        { key: "tutoring", signups: 1 },
      ],
      bySource: [
        { key: "direct", signups: 3 },
        { key: "newsletter", signups: 2 },
        { key: "t.co", signups: 2 },
      ],
      newest: [
        { name: "Fay", businessType: "car" },
        { name: "Eve", businessType: "tutoring" },
        { name: "Dan", businessType: "car" },
        { name: "Cat", businessType: "trades" },
        { name: "Bob", businessType: "car" },
      ],
      accepted: 2,
      held: 0,
      errors: 0,
    });
    // The same figures as a plain count of the waitlist for that UTC day.
    const [plain] = await withSql((sql) =>
      sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "waitlist" WHERE ("joinedAt" AT TIME ZONE 'UTC')::date = '2025-03-10'`,
      ),
    );
    expect((await digestFor("2025-03-10")).total).toBe(plain!.n);

    await sweepOutbox();
    const mail = mailbox.messages.find((message) => recipient(message) === "digest@example.com")!;
    expect(mail.text).toContain("7 SIGNUPS ON 10 MARCH 2025");
    expect(mail.text).toContain("Car valeting & detailing: 4");
    expect(mail.text).toContain("Fay (Car valeting & detailing)");
    expect(mail.text).toContain("2 people accepted their invitation.");
    expect(linksIn(mail)).toContain(`${SITE}/admin/overview`);
    expect(mailbox.messages.filter((message) => recipient(message) === "other@example.com")).toEqual([]);

    // A quiet day still gets its digest, saying so.
    expect(await queueDigests(new Date("2025-03-13T08:00:00Z"))).toBe(1);
    expect(
      (await getDb().emailOutbox.findFirstOrThrow({ where: { kind: "digest", subject: { contains: "12 March" } } }))
        .subject,
    ).toBe("Otto waiting list, 12 March 2025: 0 signups");
  });

  it("lets each admin read and change only their own choice, refusing bad values and visitors", async () => {
    const ada = await insertAdmin({ email: "ada@example.com" });
    const bob = await insertAdmin({ email: "bob@example.com" });
    const { cookie } = await startTestSession(ada);
    const get = async (withCookie?: string) =>
      getNotifications(testRequest("/api/admin/notifications", { cookie: withCookie }), undefined);
    const put = (body: unknown, withCookie?: string) =>
      putNotifications(testRequest("/api/admin/notifications", { method: "PUT", body, cookie: withCookie }), undefined);
    expect(await (await get(cookie)).json()).toEqual({ notify: "none" });
    const saved = await put({ notify: "digest" }, cookie);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ notify: "digest" });
    expect((await getDb().adminUser.findUniqueOrThrow({ where: { id: bob.id } })).notify).toBe("none");
    for (const body of [{ notify: "hourly" }, {}, { notify: "each", id: bob.id }, "each"]) {
      const refused = await put(body, cookie);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBeTruthy();
    }
    expect((await getDb().adminUser.findUniqueOrThrow({ where: { id: ada.id } })).notify).toBe("digest");
    expect((await get()).status).toBe(401);
    expect((await put({ notify: "each" })).status).toBe(401);
  });

  it("records each change of the choice in the audit log, what it was and what it became; saving it unchanged records nothing", async () => {
    const ada = await insertAdmin({ email: "ada@example.com" });
    const { cookie } = await startTestSession(ada);
    const put = (notify: string) =>
      putNotifications(
        testRequest("/api/admin/notifications", {
          method: "PUT",
          body: { notify },
          cookie,
          headers: { "x-forwarded-for": "203.0.113.5" },
        }),
        undefined,
      );
    for (const notify of ["each", "each", "digest"]) expect((await put(notify)).status).toBe(200);
    const entries = await getDb().auditLog.findMany({
      orderBy: { id: "asc" },
      select: { adminId: true, adminEmail: true, ip: true, action: true, target: true, details: true },
    });
    const entry = {
      adminId: ada.id,
      adminEmail: "ada@example.com",
      ip: "203.0.113.5",
      action: "notifications.change",
      target: null,
    };
    expect(entries).toEqual([
      { ...entry, details: { from: "none", to: "each" } },
      { ...entry, details: { from: "each", to: "digest" } },
    ]);
  });
});
