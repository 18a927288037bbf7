import { GET as health } from "@/app/api/health/route";
import { closeDb, getDb } from "@/lib/db";
import { DatabaseUnavailableError } from "@/lib/db/errors";

// Nothing listens on port 1: every data call must fail fast with the database message, as a 503.
process.env.DATABASE_URL = "postgresql://root@127.0.0.1:1/none";
delete process.env.DATABASE_SCHEMA;

afterAll(() => closeDb());

describe("database outage", () => {
  it("turns data calls into DatabaseUnavailableError", async () => {
    await expect(getDb().adminUser.count()).rejects.toBeInstanceOf(DatabaseUnavailableError);
  });

  it("answers 503 with a JSON message about the database connection, without a stack trace", async () => {
    const started = Date.now();
    const response = await health(new Request("http://localhost/api/health"), {});
    expect(response.status).toBe(503);
    const body = (await response.json()) as { message: string };
    expect(body.message).toMatch(/database connection/i);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
