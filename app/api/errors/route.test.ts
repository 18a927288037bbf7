import { GET, POST } from "@/app/api/errors/route";
import { withSql } from "@/lib/db";
import { prepareTestDatabase, resetDatabase } from "@/test/db";
import { awayFromWindowEdge } from "@/test/rate-limit-window";

prepareTestDatabase();

beforeEach(() => resetDatabase());

let address = 0;
const report = (body: unknown, ip = `198.51.100.${++address}`) =>
  POST(
    new Request("http://localhost/api/errors", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
    undefined,
  );

const thrown = {
  name: "TypeError",
  message: "Cannot read properties of null (reading 'focus') for lee@example.com",
  stack: "TypeError: Cannot read properties of null\n    at submit (http://localhost/_next/static/chunks/app.js:1:99)",
  path: "/waitlist/status?token=abcdef0123456789abcdef012345",
};

const rows = () =>
  withSql((sql) =>
    sql.query<{ kind: string; message: string; route: string; count: number }>(
      `SELECT "kind", "message", "route", "count" FROM "error_events"`,
    ),
  );

describe(`the browser's error reports (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("groups a report with the server's errors, marked browser, scrubbed, without the page's query", async () => {
    expect((await report(thrown)).status).toBe(204);
    expect((await report(thrown)).status).toBe(204);
    const [group] = await rows();
    expect(group).toMatchObject({ kind: "browser", route: "/waitlist/status", count: 2 });
    expect(group!.message).not.toContain("lee@example.com");
  });

  it("refuses what is not a report, with a message, and keeps nothing", async () => {
    const refusals = [
      await report({ ...thrown, path: "https://elsewhere.example/" }),
      await report({ ...thrown, extra: 1 }),
      await report({ message: "no name", path: "/" }),
      await report("{not json"),
      await report({ ...thrown, stack: "x".repeat(9_000) }),
    ];
    expect(refusals.map((response) => response.status)).toEqual([400, 400, 400, 400, 413]);
    for (const response of refusals) expect(await response.json()).toMatchObject({ message: expect.any(String) });
    expect((await GET()).status).toBe(405);
    expect(await rows()).toEqual([]);
  });

  it("takes ten reports a minute from a network, then answers 429", async () => {
    // The limit counts in whole minutes: the eleven reports go inside one.
    await awayFromWindowEdge(60_000, 10_000);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await report({ ...thrown, message: `boom ${i}` }, "203.0.113.9")).status);
    expect(statuses.slice(0, 10).every((status) => status === 204)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await report(thrown, "203.0.113.10")).status).toBe(204);
  });
});
