import { GET as healthRoute } from "@/app/api/health/route";
import { healthReport, secretLooksStrong, type HealthReport } from "@/lib/data/health";
import { withSql } from "@/lib/db";
import { sweep } from "@/lib/jobs/maintenance";
import { prepareTestDatabase, resetDatabase } from "@/test/db";
import { startMailbox } from "@/test/smtp";

prepareTestDatabase();

beforeEach(() => resetDatabase());
afterEach(() => {
  delete process.env.SMTP_URL;
  delete process.env.HEALTH_TOKEN;
});

const check = (report: HealthReport, id: string) => report.checks.find((one) => one.id === id)!;
const TOKEN = "a-health-token-for-the-monitor";

describe(`health (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("says red for SMTP while the mail server does not answer, and green once it does", async () => {
    const mailbox = await startMailbox(0, []);
    const port = mailbox.port;
    await mailbox.stop();
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    const down = check(await healthReport(), "smtp");
    expect(down).toMatchObject({ status: "red", fix: expect.stringContaining("SMTP_URL") });
    expect(down.summary).toContain("does not answer");

    const back = await startMailbox(port, []);
    try {
      expect(check(await healthReport(), "smtp")).toMatchObject({ status: "green" });
    } finally {
      await back.stop();
    }
    delete process.env.SMTP_URL;
    expect(check(await healthReport(), "smtp")).toMatchObject({
      status: "amber",
      fix: expect.stringContaining("SMTP_URL"),
    });
  });

  it("judges the sweep by its last run against its schedule, and counts held signups", async () => {
    expect(check(await healthReport(), "sweep").status).toBe("amber");
    await sweep();
    expect(check(await healthReport(), "sweep").status).toBe("green");
    await withSql((sql) => sql.query(`UPDATE "job_runs" SET "lastRunAt" = now() - interval '2 hours'`));
    expect(check(await healthReport(), "sweep")).toMatchObject({
      status: "red",
      summary: expect.stringContaining("late"),
    });

    expect(check(await healthReport(), "held").status).toBe("green");
    await withSql((sql) =>
      sql.query(
        `INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "heldAt", "heldReason")
         VALUES ('Held One', 'held@example.com', 'cleaning', '1', now(), 'missing')`,
      ),
    );
    expect(check(await healthReport(), "held")).toMatchObject({
      status: "amber",
      summary: expect.stringContaining("1 signup waits"),
    });
    expect(check(await healthReport(), "database").status).toBe("green");
  });

  it("judges a secret weak when short or a short pattern repeated", () => {
    expect(secretLooksStrong("abcabcabcabcabcabcabcabcabcabcabcabc")).toBe(false);
    expect(secretLooksStrong("short-but-varied-1234")).toBe(false);
    expect(secretLooksStrong("Vq3x9LmP0sR7tY2wZ5aB8cD1eF4gH6jK")).toBe(true);
  });

  it("keeps /api/health public and minimal; the details need HEALTH_TOKEN", async () => {
    const get = (authorization?: string) =>
      healthRoute(
        new Request("http://localhost/api/health", { headers: authorization ? { authorization } : {} }),
        undefined,
      );
    const open = await get();
    expect(open.status).toBe(200);
    expect(await open.json()).toEqual({ status: "ok", database: "ok" });

    const unset = await get(`Bearer ${TOKEN}`);
    expect(unset.status).toBe(401);
    expect(await unset.json()).toMatchObject({ message: expect.stringContaining("HEALTH_TOKEN") });

    process.env.HEALTH_TOKEN = TOKEN;
    expect((await get("Bearer wrong-token-of-some-length")).status).toBe(401);
    const detailed = await get(`Bearer ${TOKEN}`);
    expect(detailed.status).toBe(200);
    const body = (await detailed.json()) as HealthReport;
    expect(body.checks.map((one) => one.id)).toEqual([
      "database",
      "smtp",
      "webhooks",
      "sweep",
      "held",
      "proof",
      "auth-secret",
      "ai",
    ]);
    expect(["green", "amber", "red"]).toContain(body.status);
  });
});
