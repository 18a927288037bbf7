import type { ParsedMail } from "mailparser";

import { POST as resendConfirmationRoute } from "@/app/api/admin/waitlist/[id]/confirmation/route";
import { POST as invitationRoute } from "@/app/api/admin/waitlist/[id]/invitation/route";
import { DELETE as deleteRoute } from "@/app/api/admin/waitlist/[id]/route";
import { POST as previewRoute } from "@/app/api/admin/waitlist/invitations/preview/route";
import { POST as inviteRoute } from "@/app/api/admin/waitlist/invitations/route";
import { GET as listRoute } from "@/app/api/admin/waitlist/route";
import { acceptInvitation } from "@/lib/data/waitlist/invitations";
import { addWaitlistEntry, confirmWithToken, countWaitlistEntries } from "@/lib/data/waitlist/signups";
import { getDb, withSql } from "@/lib/db";
import { sweepOutbox } from "@/lib/email/outbox";
import { hashToken } from "@/lib/email/tokens";
import { insertAdmin, startTestSession, testRequest } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";
import { linksIn, mailboxForEachTest } from "@/test/smtp";

prepareTestDatabase();

const SITE = "https://otto.example";
// Each test that sends mail sets SMTP_URL itself.
const mailbox = mailboxForEachTest(() => ({ NEXT_PUBLIC_SITE_URL: SITE }));
let cookie: string;
let adminId: number;

beforeEach(async () => {
  await resetDatabase();
  delete process.env.SMTP_URL;
  const admin = await insertAdmin({ email: "ada@example.com" });
  adminId = admin.id;
  cookie = (await startTestSession(admin)).cookie;
});
afterEach(() => {
  delete process.env.SMTP_URL;
});

/** Entries joined a minute apart (the first is the oldest), confirmed where asked. */
async function seed(people: { name: string; businessType?: string; confirmed?: boolean }[]) {
  await withSql(async (sql) => {
    for (const [index, person] of people.entries()) {
      await sql.query(
        `INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "joinedAt", "confirmedAt")
         VALUES ($1, $2, $3, '2-5', timestamptz '2025-01-01 00:00:00+00' + $4 * interval '1 minute', CASE WHEN $5 THEN now() END)`,
        [
          person.name,
          `${person.name.toLowerCase().replace(/\s+/g, ".")}@example.com`,
          person.businessType ?? "cleaning",
          index,
          person.confirmed ?? true,
        ],
      );
    }
  });
}

const invite = async (body: unknown) => {
  const response = await inviteRoute(testRequest("/api/admin/waitlist/invitations", { body, cookie }), undefined);
  return { status: response.status, body: (await response.json()) as { invited?: number; message?: string } };
};
const statuses = async () =>
  Object.fromEntries(
    (await getDb().waitlistEntry.findMany({ select: { name: true, status: true } })).map((row) => [
      row.name,
      row.status,
    ]),
  );
const recipient = (mail: ParsedMail) => (mail.to && "text" in mail.to ? mail.to.text : "");

describe(`invitations (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("invites the next N confirmed entries of a filter, oldest first, in one transaction with their emails, tokens and one audit entry", async () => {
    await seed([
      { name: "Ann" },
      { name: "Bob", confirmed: false },
      { name: "Cat" },
      { name: "Dan", businessType: "car" },
      { name: "Eve" },
      { name: "Fay" },
    ]);
    expect(await invite({ filter: { q: "cleaning" }, limit: 3, note: "Welcome aboard!" })).toEqual({
      status: 200,
      body: { invited: 3 },
    });
    expect(await statuses()).toEqual({
      Ann: "invited",
      Bob: "waiting",
      Cat: "invited",
      Dan: "waiting",
      Eve: "invited",
      Fay: "waiting",
    });
    const emails = await getDb().emailOutbox.findMany({ where: { kind: "invitation" }, orderBy: { id: "asc" } });
    expect(emails.map((email) => email.to)).toEqual(["ann@example.com", "cat@example.com", "eve@example.com"]);
    expect(emails[0]!.payload).toMatchObject({
      name: "Ann",
      note: "Welcome aboard!",
      acceptUrl: expect.stringMatching(new RegExp(`^${SITE}/early-access\\?token=[0-9a-f]{64}$`)),
      statusUrl: expect.stringMatching(new RegExp(`^${SITE}/waitlist/status\\?token=[0-9a-f]{64}$`)),
    });
    // The invitation links to the person's status page too, by a token of its own.
    const statusToken = new URL((emails[0]!.payload as { statusUrl: string }).statusUrl).searchParams.get("token")!;
    expect(await getDb().waitlistToken.findUnique({ where: { tokenHash: hashToken(statusToken) } })).toMatchObject({
      purpose: "status",
    });
    const token = new URL((emails[0]!.payload as { acceptUrl: string }).acceptUrl).searchParams.get("token")!;
    expect(await getDb().waitlistToken.findUnique({ where: { tokenHash: hashToken(token) } })).toMatchObject({
      purpose: "accept",
    });
    expect(await getDb().waitlistEntry.count({ where: { invitedAt: { not: null } } })).toBe(3);
    expect(await getDb().auditLog.findMany({ select: { action: true, adminId: true, details: true } })).toEqual([
      {
        action: "waitlist.invite",
        adminId,
        details: { filter: { q: "cleaning" }, limit: 3, includeUnconfirmed: false, note: true, invited: 3 },
      },
    ]);

    // Again: the next ones; unconfirmed Bob only when asked.
    expect((await invite({ filter: { q: "cleaning" }, limit: 3 })).body).toEqual({ invited: 1 });
    expect((await invite({ filter: { q: "cleaning" }, limit: 3, includeUnconfirmed: true })).body).toEqual({
      invited: 1,
    });
    expect(await statuses()).toMatchObject({ Bob: "invited", Fay: "invited", Dan: "waiting" });
  });

  it("invites chosen entries, skipping any already invited or accepted, and the unconfirmed unless asked, and writes nothing for none", async () => {
    await seed([{ name: "Ann" }, { name: "Bob", confirmed: false }, { name: "Cat" }]);
    const ids = (await getDb().waitlistEntry.findMany({ orderBy: { id: "asc" }, select: { id: true } })).map(
      (row) => row.id,
    );
    await getDb().waitlistEntry.update({ where: { id: ids[2]! }, data: { status: "accepted" } });
    // Bob never confirmed: his confirmation email promised one reminder at most unless he did.
    expect((await invite({ ids })).body).toEqual({ invited: 1 });
    expect(await statuses()).toMatchObject({ Ann: "invited", Bob: "waiting" });
    expect((await invite({ ids, includeUnconfirmed: true })).body).toEqual({ invited: 1 });
    expect(await statuses()).toMatchObject({ Bob: "invited" });
    expect((await invite({ ids, includeUnconfirmed: true })).body).toEqual({ invited: 0 });
    expect(await getDb().emailOutbox.count()).toBe(2);
    expect(await getDb().auditLog.findMany({ select: { details: true }, orderBy: { id: "asc" } })).toEqual([
      { details: { ids: 3, includeUnconfirmed: false, note: false, invited: 1 } },
      { details: { ids: 3, includeUnconfirmed: true, note: false, invited: 1 } },
    ]);
    expect((await invite({ ids, includeUnconfirmed: "yes" })).status).toBe(400);
  });

  it("previews a request without changing anything: how many it would invite now, and the email the first of them would get", async () => {
    await seed([
      { name: "Ann", confirmed: false },
      { name: "Bob" },
      { name: "Cat" },
      { name: "Dan", businessType: "car" },
    ]);
    const preview = async (body: unknown) => {
      const response = await previewRoute(
        testRequest("/api/admin/waitlist/invitations/preview", { body, cookie }),
        undefined,
      );
      return {
        status: response.status,
        body: (await response.json()) as {
          count?: number;
          unconfirmed?: number;
          subject?: string;
          html?: string;
          text?: string;
          message?: string;
        },
      };
    };
    const next = await preview({ filter: { q: "", type: "cleaning" }, limit: 5, note: "Come in!" });
    expect(next.status).toBe(200);
    expect(next.body).toMatchObject({ count: 2, unconfirmed: 1, subject: "Your invitation to Otto is here" });
    expect(next.body.text).toContain("IT'S YOUR TURN, BOB");
    expect(next.body.text).toContain("Come in!");
    expect(next.body.html).toContain("Come in!");
    expect(
      (await preview({ filter: { q: "", type: "cleaning" }, limit: 5, includeUnconfirmed: true })).body.count,
    ).toBe(3);
    const ids = (await getDb().waitlistEntry.findMany({ orderBy: { id: "asc" }, select: { id: true } })).map(
      (row) => row.id,
    );
    await invite({ ids: [ids[1]!] });
    // Ticked rows: Ann never confirmed, so she is counted apart and left out unless asked.
    expect((await preview({ ids })).body).toMatchObject({ count: 2, unconfirmed: 1 });
    expect((await preview({ ids, includeUnconfirmed: true })).body).toMatchObject({ count: 3, unconfirmed: 1 });
    expect((await preview({ ids: [ids[2]!] })).body).toMatchObject({ count: 1, unconfirmed: 0 });
    expect((await preview({ ids, includeUnconfirmed: 1 })).status).toBe(400);
    expect((await preview({ filter: { q: "" }, limit: 10 })).body.text).toContain("IT'S YOUR TURN, CAT");
    expect((await preview({ filter: { q: "nobody" }, limit: 10 })).body).toMatchObject({ count: 0 });
    expect(await getDb().emailOutbox.count()).toBe(1);
    expect(await statuses()).toEqual({ Ann: "waiting", Bob: "invited", Cat: "waiting", Dan: "waiting" });
    expect((await preview({ filter: {}, limit: 0 })).status).toBe(400);
    expect(
      (await previewRoute(testRequest("/api/admin/waitlist/invitations/preview", { body: { ids: [1] } }), undefined))
        .status,
    ).toBe(401);
  });

  it("refuses bad requests with 400 and a message, and visitors without a session with 401", async () => {
    for (const body of [
      {},
      { ids: [] },
      { ids: ["1"] },
      { filter: {}, limit: 0 },
      { filter: {}, limit: 10_001 },
      { ids: [1], note: "x".repeat(1001) },
      { ids: [1], extra: true },
    ]) {
      const { status, body: answer } = await invite(body);
      expect(status).toBe(400);
      expect(answer.message).toBeTruthy();
    }
    const response = await inviteRoute(
      testRequest("/api/admin/waitlist/invitations", { body: { ids: [1] } }),
      undefined,
    );
    expect(response.status).toBe(401);
  });

  it("sends the invitation over SMTP; its link accepts once, then keeps working without changing anything", async () => {
    process.env.SMTP_URL = mailbox.url;
    await seed([{ name: "Ann" }]);
    await invite({ filter: { q: "" }, limit: 1, note: "See you inside." });
    await sweepOutbox();
    const mail = (await mailbox.waitFor(1))[0]!;
    expect(recipient(mail)).toBe("ann@example.com");
    expect(mail.subject).toBe("Your invitation to Otto is here");
    expect(mail.text).toContain("See you inside.");
    const accept = linksIn(mail).find((link) => link.includes("/early-access?token="))!;
    const token = new URL(accept).searchParams.get("token")!;
    expect(await confirmWithToken(token)).toEqual({ status: "invalid" });
    expect(await acceptInvitation(token)).toEqual({ status: "accepted", name: "Ann", outboxIds: [] });
    const { acceptedAt } = await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: "ann@example.com" } });
    expect(acceptedAt).toBeInstanceOf(Date);
    expect(await acceptInvitation(token)).toEqual({ status: "already-accepted", name: "Ann" });
    expect(await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: "ann@example.com" } })).toMatchObject({
      status: "accepted",
      acceptedAt,
    });
    expect(await acceptInvitation("0".repeat(64))).toEqual({ status: "invalid" });
  });

  it("invites a batch of 10,000 in one request", async () => {
    await withSql((sql) =>
      sql.exec(`INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "joinedAt", "confirmedAt")
                SELECT 'Person ' || i, 'p' || i || '@example.com', 'trades', '1', timestamptz '2025-01-01 00:00:00+00' + i * interval '1 second', now()
                FROM generate_series(1, 10000) AS i`),
    );
    expect((await invite({ filter: { q: "" }, limit: 10_000 })).body).toEqual({ invited: 10_000 });
    expect(await getDb().waitlistEntry.count({ where: { status: "invited" } })).toBe(10_000);
    expect(await getDb().emailOutbox.count({ where: { kind: "invitation" } })).toBe(10_000);
    // An accept, a leave and a status token each.
    expect(await getDb().waitlistToken.count()).toBe(30_000);
    expect(
      new Set((await getDb().waitlistToken.findMany({ select: { tokenHash: true } })).map((row) => row.tokenHash)).size,
    ).toBe(30_000);
  });

  it("deletes an entry for an admin: 204, then 404; its tokens and email go, the count goes down, the audit log says who", async () => {
    await addWaitlistEntry({
      name: "Ann Smith",
      email: "ann@example.com",
      businessType: "cleaning",
      employees: "2-5",
      agreedToTerms: true,
    });
    await seed([{ name: "Bob" }]);
    const ann = await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: "ann@example.com" } });
    const del = (id: string) =>
      deleteRoute(testRequest(`/api/admin/waitlist/${id}`, { method: "DELETE", cookie }), {
        params: Promise.resolve({ id }),
      });
    expect(await countWaitlistEntries()).toBe(2);
    expect((await del(String(ann.id))).status).toBe(204);
    expect((await del(String(ann.id))).status).toBe(404);
    expect((await del("abc")).status).toBe(400);
    expect(await countWaitlistEntries()).toBe(1);
    expect(await getDb().waitlistToken.count({ where: { entryId: ann.id } })).toBe(0);
    expect(await getDb().emailOutbox.count({ where: { entryId: ann.id } })).toBe(0);
    expect(await getDb().auditLog.findMany({ select: { action: true, target: true, adminId: true } })).toEqual([
      { action: "waitlist.delete", target: `entry:${ann.id}`, adminId },
    ]);
  });

  it("filters the list by status, business type, team size, confirmed and source, alone or together, exactly as a plain query would", async () => {
    const types = ["cleaning", "car", "trades"];
    const sizes = ["1", "2-5", "6-10", "11+"];
    const statusesOf = ["waiting", "invited", "accepted"];
    await withSql(async (sql) => {
      for (let index = 0; index < 36; index++) {
        await sql.query(
          `INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "status", "joinedAt", "confirmedAt", "utmSource", "referrer")
           VALUES ($1, $2, $3, $4, $5, timestamptz '2025-01-01 00:00:00+00' + $6 * interval '1 minute', CASE WHEN $7 THEN now() END, $8, $9)`,
          [
            `Person ${index}`,
            `p${index}@example.com`,
            types[index % 3],
            sizes[index % 4],
            statusesOf[Math.floor(index / 3) % 3],
            index,
            index % 5 < 2,
            index % 7 === 0 ? "newsletter" : null,
            index % 7 < 3 ? "t.co" : index % 7 === 4 ? "www.reddit.com" : null,
          ],
        );
      }
    });
    const cases: Record<string, string>[] = [
      { status: "invited" },
      { type: "car" },
      { size: "6-10" },
      { confirmed: "yes" },
      { confirmed: "no", type: "trades" },
      { status: "waiting", type: "cleaning", size: "1" },
      { status: "accepted", confirmed: "yes", q: "person 1" },
      { source: "newsletter" },
      { source: "t.co" },
      { source: "direct", type: "car" },
      { source: "T.CO", status: "invited" },
      // Part of a source, as the team types it: "reddit" finds www.reddit.com.
      { source: "reddit" },
      { source: "Reddit", confirmed: "no" },
      { source: "co" },
      // LIKE's wildcards match only themselves.
      { source: "%" },
      { source: "t_co" },
    ];
    for (const filter of cases) {
      const response = await listRoute(
        testRequest(`/api/admin/waitlist?${new URLSearchParams({ ...filter, sort: "joined_asc", pageSize: "200" })}`, {
          cookie,
        }),
        undefined,
      );
      expect(response.status).toBe(200);
      const body = (await response.json()) as { entries: { email: string }[]; total: number };
      const conditions = [
        filter.status ? `"status" = '${filter.status}'` : "TRUE",
        filter.type ? `"businessType" = '${filter.type}'` : "TRUE",
        filter.size ? `"employees" = '${filter.size}'` : "TRUE",
        filter.confirmed === "yes"
          ? `"confirmedAt" IS NOT NULL`
          : filter.confirmed === "no"
            ? `"confirmedAt" IS NULL`
            : "TRUE",
        filter.q ? `"name" ILIKE '%${filter.q}%'` : "TRUE",
        // A signup's source is its utm_source, else its referring host, else "direct"; the filter keeps
        // every source containing what was typed, whatever its case.
        !filter.source
          ? "TRUE"
          : `strpos(lower(COALESCE("utmSource", "referrer", 'direct')), lower('${filter.source}')) > 0`,
      ];
      const expected = await withSql((sql) =>
        sql.query<{ email: string }>(
          `SELECT "email" FROM "waitlist" WHERE ${conditions.join(" AND ")} ORDER BY "joinedAt", "id"`,
        ),
      );
      expect({ filter, emails: body.entries.map((entry) => entry.email) }).toEqual({
        filter,
        emails: expected.map((row) => row.email),
      });
      expect(body.total).toBe(expected.length);
    }
    expect((await listRoute(testRequest("/api/admin/waitlist?status=sleeping", { cookie }), undefined)).status).toBe(
      400,
    );
  });

  it("resends a confirmation for an admin as often as the public resend allows, and invites or re-invites one entry, each with one audit entry", async () => {
    await addWaitlistEntry({
      name: "Ann Smith",
      email: "ann@example.com",
      businessType: "cleaning",
      employees: "2-5",
      agreedToTerms: true,
    });
    const ann = await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: "ann@example.com" } });
    const post = (path: string, body?: unknown) =>
      (path === "confirmation" ? resendConfirmationRoute : invitationRoute)(
        testRequest(`/api/admin/waitlist/${ann.id}/${path}`, { body: body ?? {}, cookie }),
        {
          params: Promise.resolve({ id: String(ann.id) }),
        },
      );
    const confirmations = () => getDb().emailOutbox.count({ where: { entryId: ann.id, kind: "confirmation" } });
    // Her signup's confirmation went a moment ago: a resend now is refused, saying why, and queues nothing.
    const tooSoon = await post("confirmation");
    expect(tooSoon.status).toBe(429);
    expect(((await tooSoon.json()) as { message: string }).message).toBe(
      "A confirmation email went to them in the last 10 minutes. Please wait before sending another.",
    );
    expect(await confirmations()).toBe(1);
    // Ten minutes on, one resend goes; a second click straight after is refused like the first.
    await getDb().waitlistEntry.update({
      where: { id: ann.id },
      data: { confirmationSentAt: new Date(Date.now() - 11 * 60_000) },
    });
    expect((await post("confirmation")).status).toBe(200);
    expect((await post("confirmation")).status).toBe(429);
    expect(await confirmations()).toBe(2);
    expect((await post("invitation", { note: "Hello" })).status).toBe(200);
    expect((await post("invitation", { note: "" })).status).toBe(200);
    expect(await getDb().emailOutbox.count({ where: { entryId: ann.id, kind: "invitation" } })).toBe(2);
    expect((await getDb().waitlistEntry.findUniqueOrThrow({ where: { id: ann.id } })).status).toBe("invited");
    // The re-sent invitation carries its own note and working links, and stores only its tokens' hashes.
    const [first, again] = await getDb().emailOutbox.findMany({
      where: { entryId: ann.id, kind: "invitation" },
      orderBy: { id: "asc" },
    });
    const payload = again!.payload as { note: string; acceptUrl: string; leaveUrl: string };
    expect([(first!.payload as { note: string }).note, payload.note]).toEqual(["Hello", ""]);
    const acceptToken = new URL(payload.acceptUrl).searchParams.get("token")!;
    const leaveToken = new URL(payload.leaveUrl).searchParams.get("token")!;
    expect(acceptToken).toMatch(/^[0-9a-f]{64}$/);
    expect(await getDb().waitlistToken.count({ where: { tokenHash: { in: [acceptToken, leaveToken] } } })).toBe(0);
    expect(
      await getDb().waitlistToken.count({
        where: { entryId: ann.id, tokenHash: { in: [hashToken(acceptToken), hashToken(leaveToken)] } },
      }),
    ).toBe(2);
    expect(await acceptInvitation(acceptToken)).toEqual({ status: "accepted", name: "Ann Smith", outboxIds: [] });
    expect(
      (await getDb().auditLog.findMany({ orderBy: { id: "asc" }, select: { action: true } })).map((row) => row.action),
    ).toEqual(["waitlist.resend_confirmation", "waitlist.invite", "waitlist.resend_invitation"]);
    await getDb().waitlistEntry.update({ where: { id: ann.id }, data: { confirmedAt: new Date() } });
    expect((await post("confirmation")).status).toBe(409);
    // Accepted: the invitation has done its work, so it is not sent again.
    const resent = await post("invitation", { note: "" });
    expect(resent.status).toBe(409);
    expect(((await resent.json()) as { message: string }).message).toBe(
      "They have accepted their invitation already: there is nothing to resend.",
    );
    expect(await getDb().emailOutbox.count({ where: { entryId: ann.id, kind: "invitation" } })).toBe(2);
    expect(await getDb().auditLog.count()).toBe(3);
  });

  it("never invites or re-sends to a signup held for review, one at a time or in a batch, and says to release it", async () => {
    await addWaitlistEntry(
      { name: "Hal Held", email: "hal@example.com", businessType: "cleaning", employees: "2-5", agreedToTerms: true },
      new Date(),
      { heldReason: "missing" },
    );
    const hal = await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: "hal@example.com" } });
    const post = async (path: "confirmation" | "invitation") => {
      const response = await (path === "confirmation" ? resendConfirmationRoute : invitationRoute)(
        testRequest(`/api/admin/waitlist/${hal.id}/${path}`, { body: {}, cookie }),
        { params: Promise.resolve({ id: String(hal.id) }) },
      );
      return { status: response.status, body: (await response.json()) as { message: string } };
    };
    expect(await post("confirmation")).toEqual({
      status: 409,
      body: { message: "This signup is held for review: release it to send its confirmation email." },
    });
    expect(await post("invitation")).toEqual({
      status: 409,
      body: { message: "This signup is held for review: release it before inviting them." },
    });
    expect(await invite({ ids: [hal.id], includeUnconfirmed: true })).toEqual({ status: 200, body: { invited: 0 } });
    expect(await invite({ filter: { q: "" }, limit: 10, includeUnconfirmed: true })).toEqual({
      status: 200,
      body: { invited: 0 },
    });
    expect(await getDb().emailOutbox.count({ where: { entryId: hal.id } })).toBe(0);
    expect(await getDb().auditLog.count()).toBe(0);
  });
});
