import { parse } from "csv-parse/sync";

import { GET as exportAudit } from "@/app/api/admin/audit/export/route";
import { GET as listAudit } from "@/app/api/admin/audit/route";
import { describeAuditTargets } from "@/lib/data/audit-admin";
import { getDb } from "@/lib/db";
import { insertAdmin, safeJson, startTestSession, testRequest, verifiedAdminFor } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

interface EntryJson {
  at: string;
  adminEmail: string | null;
  action: string;
  target: string | null;
}

let cookie: string;
let ada: { id: number };
let grace: { id: number };

beforeEach(async () => {
  await resetDatabase();
  ada = await insertAdmin({ email: "ada@example.com" });
  grace = await insertAdmin({ email: "grace@example.com" });
  cookie = (await startTestSession(ada)).cookie;
  // Three days of history, across midnight UTC.
  await getDb().auditLog.createMany({
    data: [
      {
        at: new Date("2026-11-20T23:59:59.999Z"),
        adminId: ada.id,
        adminEmail: "ada@example.com",
        action: "auth.sign_in",
      },
      {
        at: new Date("2026-11-21T00:00:00.000Z"),
        adminId: grace.id,
        adminEmail: "grace@example.com",
        action: "auth.sign_in",
      },
      {
        at: new Date("2026-11-21T12:00:00.000Z"),
        adminId: grace.id,
        adminEmail: "grace@example.com",
        action: "admin.deactivate",
        target: `admin:${ada.id}`,
      },
      {
        at: new Date("2026-11-22T08:00:00.000Z"),
        adminId: null,
        adminEmail: "=cmd|' /C calc'!A0",
        action: "auth.sign_in_failed",
      },
    ],
  });
});

async function list(query = ""): Promise<{ entries: EntryJson[]; total: number; page: number; pageSize: number }> {
  const response = await listAudit(testRequest(`/api/admin/audit${query}`, { cookie }), undefined);
  expect(response.status).toBe(200);
  return safeJson(response);
}

const withoutViews = (entries: EntryJson[]) => entries.filter((entry) => entry.action !== "audit.view");

describe(`the audit log for admins (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("lists entries newest first, and records the viewing itself at most once an hour", async () => {
    const first = await list();
    expect(withoutViews(first.entries).map((entry) => entry.at)).toEqual([
      "2026-11-22T08:00:00.000Z",
      "2026-11-21T12:00:00.000Z",
      "2026-11-21T00:00:00.000Z",
      "2026-11-20T23:59:59.999Z",
    ]);
    await list();
    await list("?action=auth.sign_in");
    expect(await getDb().auditLog.count({ where: { action: "audit.view", adminId: ada.id } })).toBe(1);
  });

  it("filters by admin, by action and by whole UTC days, alone or together", async () => {
    expect(withoutViews((await list(`?admin=${grace.id}`)).entries).map((entry) => entry.action)).toEqual([
      "admin.deactivate",
      "auth.sign_in",
    ]);
    expect((await list("?action=auth.sign_in")).entries.map((entry) => entry.adminEmail)).toEqual([
      "grace@example.com",
      "ada@example.com",
    ]);
    expect(withoutViews((await list("?from=2026-11-21&to=2026-11-21")).entries).map((entry) => entry.at)).toEqual([
      "2026-11-21T12:00:00.000Z",
      "2026-11-21T00:00:00.000Z",
    ]);
    const both = await list(`?admin=${grace.id}&action=auth.sign_in&from=2026-11-21`);
    expect(both.entries.map((entry) => entry.at)).toEqual(["2026-11-21T00:00:00.000Z"]);
    expect(both.total).toBe(1);
  });

  it("answers 400 with a message for bad filters, and 401 without a session", async () => {
    for (const query of [
      "?action=drop_tables",
      "?from=2026-13-01",
      "?from=2026-11-22&to=2026-11-21",
      "?admin=abc",
      "?page=0",
    ]) {
      const response = await listAudit(testRequest(`/api/admin/audit${query}`, { cookie }), undefined);
      expect(response.status).toBe(400);
      expect((await safeJson<{ message: string }>(response)).message).toMatch(/^Invalid parameters: /);
    }
    expect((await listAudit(testRequest("/api/admin/audit"), undefined)).status).toBe(401);
    expect((await exportAudit(testRequest("/api/admin/audit/export"), undefined)).status).toBe(401);
  });

  it("exports the filtered log as CSV, formulas neutralised, and records the export once its download ends", async () => {
    const response = await exportAudit(
      testRequest("/api/admin/audit/export?action=auth.sign_in_failed", { cookie }),
      undefined,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="audit_log.csv"');
    const records = parse(await response.text(), { bom: true }) as string[][];
    expect(records).toEqual([
      ["Time (UTC)", "Admin", "Action", "Target", "IP address", "Details"],
      ["2026-11-22T08:00:00.000Z", "'=cmd|' /C calc'!A0", "Failed sign-in", "", "", ""],
    ]);
    const exported = () => getDb().auditLog.findMany({ where: { action: "audit.export" }, select: { details: true } });
    for (let tries = 0; (await exported()).length === 0 && tries < 100; tries++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await exported()).map((row) => row.details)).toEqual([
      { filters: { action: "auth.sign_in_failed" }, rows: 1, completed: true },
    ]);
  });

  it("lets a member read the log but exports it only for an admin with full rights", async () => {
    const member = await insertAdmin({ email: "mo@example.com", role: "member" });
    const memberCookie = (await startTestSession(member)).cookie;
    const read = await listAudit(testRequest("/api/admin/audit", { cookie: memberCookie }), undefined);
    expect(read.status).toBe(200);
    const refused = await exportAudit(testRequest("/api/admin/audit/export", { cookie: memberCookie }), undefined);
    expect(refused.status).toBe(403);
    expect(await safeJson(refused)).toEqual({
      message: "Your role (member) cannot export the audit log. Ask an admin.",
    });
    expect(await getDb().auditLog.count({ where: { action: "audit.export" } })).toBe(0);
  });

  it("exports past one batch in order, every entry once", async () => {
    await getDb().auditLog.createMany({
      data: Array.from({ length: 2_345 }, (_, index) => ({
        at: new Date(Date.UTC(2026, 0, 1) + Math.floor(index / 3) * 1000),
        action: "waitlist.view",
        adminId: ada.id,
      })),
    });
    const response = await exportAudit(
      testRequest("/api/admin/audit/export?action=waitlist.view", { cookie }),
      undefined,
    );
    const records = (parse(await response.text(), { bom: true }) as string[][]).slice(1);
    expect(records).toHaveLength(2_345);
    const times = records.map((record) => record[0]!);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("names each target as a thing an owner recognises, and what has gone since by its kind", async () => {
    const entry = await getDb().waitlistEntry.create({
      data: {
        name: "Rosa Nowak",
        email: "rosa@example.com",
        businessType: "cleaning",
        employees: "1",
        consentedAt: new Date(),
      },
      select: { id: true },
    });
    const { sessionId } = await startTestSession(grace, {
      userAgent:
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
    });
    const targets = [
      `admin:${ada.id}`,
      `entry:${entry.id}`,
      "entry:999999",
      `session:${sessionId.slice(0, 8)}`,
      "session:gone1234",
      "import:7f2c",
      "webhook:404",
    ];
    const labels = await describeAuditTargets(
      await verifiedAdminFor(ada),
      targets.map((target) => ({ target })),
    );
    expect(targets.map((target) => labels.get(target))).toEqual([
      { text: "Test Admin", email: "ada@example.com" },
      { text: "Rosa Nowak", href: `/admin/waitlist/${entry.id}` },
      { text: "A waitlist entry, since deleted" },
      { text: "Session from Chrome on Linux" },
      { text: "A session" },
      { text: "An import of a list" },
      { text: "A webhook, since removed" },
    ]);
  });
});
