import { GET as cron } from "@/app/api/cron/outbox/route";
import { getDb } from "@/lib/db";
import { sweep } from "@/lib/jobs/maintenance";
import { insertAdmin, startTestSession } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

const DAY = 24 * 60 * 60 * 1000;
const SECRET = "a-cron-secret-of-some-length";

beforeEach(() => resetDatabase());
afterEach(() => {
  delete process.env.CRON_SECRET;
});

async function seed() {
  const admin = await insertAdmin({ email: "ada@example.com" });
  const live = await startTestSession(admin);
  const revoked = await startTestSession(admin);
  await getDb().adminSession.update({ where: { id: revoked.sessionId }, data: { revokedAt: new Date() } });
  await getDb().auditLog.createMany({
    data: [
      { action: "auth.sign_in", adminId: admin.id, at: new Date(Date.now() - 401 * DAY) },
      { action: "auth.sign_in", adminId: admin.id, at: new Date(Date.now() - 399 * DAY) },
    ],
  });
  await getDb().rateLimit.createMany({
    data: [
      { key: "old", windowStart: new Date(Date.now() - 2 * DAY), count: 1, expiresAt: new Date(Date.now() - DAY) },
      { key: "current", windowStart: new Date(), count: 1, expiresAt: new Date(Date.now() + DAY) },
    ],
  });
  return live;
}

/** What one sweep removes from seed(): one of each dead kind, nothing else. */
const PRUNED_FROM_SEED = {
  sessions: 1,
  auditEntries: 1,
  rateLimits: 1,
  digests: 0,
  reminders: 0,
  heldSummaries: 0,
  movedUp: 0,
  visits: 0,
  networks: 0,
  challengeSolutions: 0,
  errorAlerts: 0,
};

describe(`maintenance sweep (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("prunes dead sessions, audit entries past the retention period and ended rate-limit windows, and nothing else", async () => {
    const live = await seed();
    expect(await sweep()).toEqual(PRUNED_FROM_SEED);
    expect((await getDb().adminSession.findMany({ select: { id: true } })).map((row) => row.id)).toEqual([
      live.sessionId,
    ]);
    expect(await getDb().auditLog.count()).toBe(1);
    expect((await getDb().rateLimit.findMany({ select: { key: true } })).map((row) => row.key)).toEqual(["current"]);
  });

  it("keeps audit entries for AUDIT_RETENTION_DAYS", async () => {
    await seed();
    process.env.AUDIT_RETENTION_DAYS = "398";
    try {
      expect((await sweep()).auditEntries).toBe(2);
    } finally {
      delete process.env.AUDIT_RETENTION_DAYS;
    }
  });

  it("forgets accepted signup challenges once they have expired, and keeps those still running", async () => {
    await getDb().challengeSolution.createMany({
      data: [
        { signatureHash: Buffer.from("expired"), expiresAt: new Date(Date.now() - 60_000) },
        { signatureHash: Buffer.from("running"), expiresAt: new Date(Date.now() + 60_000) },
      ],
    });
    expect((await sweep()).challengeSolutions).toBe(1);
    const left = await getDb().challengeSolution.findMany({ select: { signatureHash: true } });
    expect(left.map((row) => Buffer.from(row.signatureHash).toString())).toEqual(["running"]);
  });

  it("refuses to change an audit entry", async () => {
    await getDb().auditLog.create({ data: { action: "auth.sign_in", adminEmail: "ada@example.com" } });
    await expect(getDb().auditLog.updateMany({ data: { adminEmail: "someone@else.com" } })).rejects.toThrow();
    expect((await getDb().auditLog.findFirstOrThrow()).adminEmail).toBe("ada@example.com");
  });

  it("runs from the cron route only with the scheduler's bearer secret", async () => {
    await seed();
    const call = (authorization?: string) =>
      cron(
        new Request("http://localhost/api/cron/outbox", { headers: authorization ? { authorization } : {} }),
        undefined,
      );
    // Without CRON_SECRET configured, nobody can run it.
    expect((await call(`Bearer ${SECRET}`)).status).toBe(401);
    process.env.CRON_SECRET = SECRET;
    expect((await call()).status).toBe(401);
    expect((await call(`Bearer ${SECRET}x`)).status).toBe(401);
    const response = await call(`Bearer ${SECRET}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      email: { sent: 0, retried: 0, failed: 0, unsent: 0 },
      webhooks: { delivered: 0, retry: 0, failed: 0 },
      pruned: PRUNED_FROM_SEED,
    });
  });
});
