import type { ParsedMail } from "mailparser";

import { POST as cancelRoute } from "@/app/api/admin/broadcasts/[id]/cancel/route";
import { POST as audienceRoute } from "@/app/api/admin/broadcasts/audience/route";
import { POST as broadcastRoute } from "@/app/api/admin/broadcasts/route";
import { POST as testRoute } from "@/app/api/admin/broadcasts/test/route";
import { POST as saveSegmentRoute, GET as segmentsRoute } from "@/app/api/admin/segments/route";
import { POST as leaveRoute } from "@/app/api/waitlist/leave/route";
import { cancelBroadcast, createBroadcast, getBroadcast, startDueBroadcasts } from "@/lib/data/broadcasts";
import { createSegment } from "@/lib/data/segments";
import { suppressionHash } from "@/lib/data/waitlist/suppression";
import { getDb, withSql } from "@/lib/db";
import { sweepOutbox } from "@/lib/email/outbox";
import { sweepEmailWithin } from "@/lib/jobs/email-sweep";
import { sweepBudget } from "@/lib/jobs/sweep-budget";
import { insertAdmin, startTestSession, testRequest, verifiedAdminFor } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";
import { linksIn, mailboxForEachTest } from "@/test/smtp";
import { waitUntil } from "@/test/wait";

prepareTestDatabase();

const SITE = "https://otto.example";
const mailbox = mailboxForEachTest((started) => ({
  SMTP_URL: started.url,
  EMAIL_FROM: "Otto <hello@otto.example>",
  NEXT_PUBLIC_SITE_URL: SITE,
}));

let admin: Awaited<ReturnType<typeof verifiedAdminFor>>;
let cookie: string;

beforeEach(async () => {
  await resetDatabase();
  const row = await insertAdmin({ email: "ada@example.com" });
  admin = await verifiedAdminFor(row);
  cookie = (await startTestSession(row)).cookie;
});

interface Person {
  name: string;
  businessType?: string;
  confirmed?: boolean;
  held?: boolean;
}

const emailOf = (name: string) => `${name.toLowerCase()}@example.com`;

/** Entries on the list as given: confirmed unless said otherwise, held when asked. */
async function seed(people: Person[]) {
  await withSql(async (sql) => {
    for (const person of people) {
      await sql.query(
        `INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "confirmedAt", "heldAt")
         VALUES ($1, $2, $3, '2-5', CASE WHEN $4 THEN now() END, CASE WHEN $5 THEN now() END)`,
        [person.name, emailOf(person.name), person.businessType ?? "cleaning", person.confirmed ?? true, !!person.held],
      );
    }
  });
}

const recipients = (mails: ParsedMail[]) =>
  mails.map((mail) => (mail.to && "text" in mail.to ? mail.to.text : "")).sort();
const broadcastMails = (subject: string) => mailbox.messages.filter((mail) => mail.subject === subject);
const message = (subject: string) => ({
  subject,
  body: "# News\n\nWe **launch** next week: [read more](https://otto.example/news).",
});

async function cleanersSegment() {
  return createSegment(admin, { name: "Cleaners", filter: { q: "", type: "cleaning" } });
}

async function sendToSegment(segmentId: number, subject: string, extra: { includeUnconfirmed?: boolean } = {}) {
  const made = await createBroadcast(admin, {
    ...message(subject),
    segmentId,
    includeUnconfirmed: extra.includeUnconfirmed ?? false,
  });
  await sweepEmailWithin(sweepBudget(30_000));
  return made;
}

describe(`broadcasts (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("never reaches the held, those who left, the suppressed or the unconfirmed; only the segment's confirmed members, once each", async () => {
    await seed([
      { name: "Ann" },
      { name: "Bo" },
      { name: "Cy", confirmed: false },
      { name: "Di", held: true },
      { name: "Ed", businessType: "tutoring" },
      { name: "Fay" },
    ]);
    // Fay left once and signed up again: she is on the suppression list, and hears nothing from a broadcast.
    await getDb().waitlistSuppression.create({ data: { hash: suppressionHash(emailOf("Fay")) } });
    const segment = await cleanersSegment();

    const preview = await audienceRoute(
      testRequest("/api/admin/broadcasts/audience", { body: { segmentId: segment.id }, cookie }),
      undefined,
    );
    expect(await preview.json()).toEqual({ count: 2, unconfirmed: 1, held: 1, suppressed: 1 });

    const { id } = await sendToSegment(segment.id, "Launch news");
    expect(recipients(broadcastMails("Launch news"))).toEqual([emailOf("Ann"), emailOf("Bo")]);
    const [mail] = broadcastMails("Launch news");
    // The one-click leave headers and a visible leave link, to the same personal link.
    const leave = linksIn(mail!).find((link) => link.includes("/waitlist/leave?token="))!;
    expect(mail!.headerLines.find((line) => line.key === "list-unsubscribe")!.line).toContain(leave);
    expect(mail!.headerLines.find((line) => line.key === "list-unsubscribe-post")!.line).toContain("One-Click");
    expect(mail!.html).toContain("<strong>launch</strong>");
    expect(await getBroadcast(admin, id)).toMatchObject({ status: "sent", queued: 2, sent: 2, failed: 0, left: 0 });

    // With the unconfirmed ticked, Cy too; still never the held or the suppressed.
    await sendToSegment(segment.id, "Second news", { includeUnconfirmed: true });
    expect(recipients(broadcastMails("Second news"))).toEqual([emailOf("Ann"), emailOf("Bo"), emailOf("Cy")]);

    const audit = await getDb().auditLog.findMany({ where: { action: "broadcast.send" }, orderBy: { id: "asc" } });
    expect(audit.map((entry) => [entry.adminEmail, (entry.details as { count: number }).count])).toEqual([
      ["ada@example.com", 2],
      ["ada@example.com", 3],
    ]);
  });

  it("counts who left through the one-click link after it, and a second broadcast skips them", async () => {
    await seed([{ name: "Ann" }, { name: "Bo" }]);
    await getDb().webhook.create({ data: { url: "https://hooks.example/otto", secret: "whsec_dGVzdA==" } });
    const segment = await cleanersSegment();
    const { id } = await sendToSegment(segment.id, "Launch news");
    const bo = broadcastMails("Launch news").find((mail) => recipients([mail])[0] === emailOf("Bo"))!;
    const header = bo.headerLines.find((line) => line.key === "list-unsubscribe")!.line;
    const url = /<([^>]+)>/.exec(header)![1]!;
    const left = await leaveRoute(
      new Request(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      }),
      undefined,
    );
    expect(left.status).toBe(200);
    expect(await getBroadcast(admin, id)).toMatchObject({ queued: 2, sent: 2, left: 1 });
    const events = await getDb().webhookDelivery.findMany({ where: { event: "broadcast.sent" } });
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({ data: { subject: "Launch news", queued: 2, sent: 2, failed: 0 } });

    await sendToSegment(segment.id, "Second news");
    expect(recipients(broadcastMails("Second news"))).toEqual([emailOf("Ann")]);
  });

  it("sends each email once when two sweeps start the same scheduled broadcast at once", async () => {
    await seed([{ name: "Ann" }, { name: "Bo" }, { name: "Cy" }]);
    const segment = await cleanersSegment();
    const soon = new Date(Date.now() + 60_000);
    const { id, scheduled } = await createBroadcast(admin, {
      ...message("Scheduled"),
      segmentId: segment.id,
      includeUnconfirmed: false,
      sendAt: soon,
    });
    expect(scheduled).toBe(true);
    // Not due yet: the sweep leaves it.
    expect(await startDueBroadcasts()).toEqual([]);
    const due = new Date(soon.getTime() + 1000);
    const queued = await Promise.all([startDueBroadcasts(due), startDueBroadcasts(due)]);
    expect(queued.flat()).toHaveLength(3);
    await Promise.all([sweepOutbox({ now: due }), sweepOutbox({ now: due })]);
    expect(recipients(broadcastMails("Scheduled"))).toEqual([emailOf("Ann"), emailOf("Bo"), emailOf("Cy")]);
    expect(await getDb().emailOutbox.count({ where: { broadcastId: id } })).toBe(3);
  });

  it("sends nothing more once cancelled, scheduled or part sent", async () => {
    await seed([{ name: "Ann" }, { name: "Bo" }, { name: "Cy" }]);
    const segment = await cleanersSegment();
    const later = await createBroadcast(admin, {
      ...message("Later"),
      segmentId: segment.id,
      includeUnconfirmed: false,
      sendAt: new Date(Date.now() + 60_000),
    });
    const cancelled = await cancelRoute(
      testRequest(`/api/admin/broadcasts/${later.id}/cancel`, { method: "POST", cookie }),
      { params: Promise.resolve({ id: String(later.id) }) },
    );
    expect(cancelled.status).toBe(200);
    expect(await startDueBroadcasts(new Date(Date.now() + 120_000))).toEqual([]);

    const now = await createBroadcast(admin, { ...message("Now"), segmentId: segment.id, includeUnconfirmed: false });
    await sweepOutbox({ ids: now.outboxIds.slice(0, 1) });
    expect(await cancelBroadcast(admin, now.id)).toBe(true);
    expect(await cancelBroadcast(admin, now.id)).toBe(false);
    await sweepEmailWithin(sweepBudget(30_000));
    expect(broadcastMails("Later")).toHaveLength(0);
    expect(broadcastMails("Now")).toHaveLength(1);
    expect(await getBroadcast(admin, now.id)).toMatchObject({ status: "cancelled", queued: 3, sent: 1, waiting: 0 });
  });

  it("sends a test to the admin's own address only", async () => {
    await seed([{ name: "Ann" }]);
    const response = await testRoute(
      testRequest("/api/admin/broadcasts/test", { body: message("Try me"), cookie }),
      undefined,
    );
    expect(await response.json()).toEqual({ to: "ada@example.com" });
    // Sent soon after the answer, by the request itself (or by a sweep, whichever claims it first).
    await sweepOutbox();
    await waitUntil(() => mailbox.messages.length > 0, "the test email");
    expect(recipients(mailbox.messages)).toEqual(["ada@example.com"]);
    expect(mailbox.messages[0]!.subject).toBe("[Test] Try me");
  });
});

describe("segments and broadcasts through the admin API", () => {
  it("saves a segment from the list's filters and reads it back with its live count", async () => {
    await seed([{ name: "Ann" }, { name: "Ed", businessType: "tutoring" }]);
    const saved = await saveSegmentRoute(
      testRequest("/api/admin/segments", { body: { name: "Tutors", filter: { q: "", type: "tutoring" } }, cookie }),
      undefined,
    );
    expect(saved.status).toBe(201);
    const again = await saveSegmentRoute(
      testRequest("/api/admin/segments", { body: { name: "tutors", filter: { q: "" } }, cookie }),
      undefined,
    );
    expect(again.status).toBe(409);
    await createSegment(admin, { name: "Everyone", filter: { q: "" } });
    const list = (await (await segmentsRoute(testRequest("/api/admin/segments", { cookie }), undefined)).json()) as {
      segments: { name: string; count: number; filter: unknown }[];
    };
    expect(list.segments).toMatchObject([
      { name: "Everyone", count: 2, filter: { q: "" } },
      { name: "Tutors", count: 1, filter: { q: "", type: "tutoring" } },
    ]);
  });

  it("refuses a filter the list would refuse, with a message, and stores nothing", async () => {
    for (const filter of [{ q: "", type: "plumbing" }, { q: "", colour: "red" }, "type=cleaning", { q: 5 }]) {
      const response = await saveSegmentRoute(
        testRequest("/api/admin/segments", { body: { name: "Odd", filter }, cookie }),
        undefined,
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: expect.any(String) });
    }
    const broken = await saveSegmentRoute(testRequest("/api/admin/segments", { body: "{not json", cookie }), undefined);
    expect(broken.status).toBe(400);
    expect(await getDb().segment.count()).toBe(0);
  });

  it("lets a viewer read but neither save a segment nor send a broadcast (403)", async () => {
    const segment = await cleanersSegment();
    const viewer = await insertAdmin({ email: "vi@example.com", role: "viewer" });
    const viewerCookie = (await startTestSession(viewer)).cookie;
    const save = await saveSegmentRoute(
      testRequest("/api/admin/segments", { body: { name: "Mine", filter: { q: "" } }, cookie: viewerCookie }),
      undefined,
    );
    expect(save.status).toBe(403);
    const send = await broadcastRoute(
      testRequest("/api/admin/broadcasts", {
        body: { ...message("No"), segmentId: segment.id },
        cookie: viewerCookie,
      }),
      undefined,
    );
    expect(send.status).toBe(403);
    expect(await send.json()).toMatchObject({ message: expect.stringContaining("viewer") });
    expect(await getDb().broadcast.count()).toBe(0);
    const read = await segmentsRoute(testRequest("/api/admin/segments", { cookie: viewerCookie }), undefined);
    expect(read.status).toBe(200);
  });

  it("lets a member send a broadcast", async () => {
    await seed([{ name: "Ann" }]);
    const segment = await cleanersSegment();
    const member = await insertAdmin({ email: "me@example.com", role: "member" });
    const memberCookie = (await startTestSession(member)).cookie;
    const send = await broadcastRoute(
      testRequest("/api/admin/broadcasts", { body: { ...message("Hi"), segmentId: segment.id }, cookie: memberCookie }),
      undefined,
    );
    expect(send.status).toBe(201);
    await waitUntil(() => broadcastMails("Hi").length > 0, "the broadcast");
    expect(recipients(broadcastMails("Hi"))).toEqual([emailOf("Ann")]);
  });
});
