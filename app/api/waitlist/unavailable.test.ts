import { ApiError, isDatabaseUnavailable } from "@/lib/api";
import { closeDb } from "@/lib/db";
import { DATABASE_UNAVAILABLE_MESSAGE } from "@/lib/db/errors";

// The database is down: nothing listens on port 1. Set before the app's modules load (they are imported
// inside beforeAll, after this line has run), so the one Prisma client points there.
process.env.DATABASE_URL = "postgresql://root@127.0.0.1:1/none";
delete process.env.DATABASE_SCHEMA;

type Handler = (request: Request, context: unknown) => Promise<Response>;
let POST: Handler;
let GET_COUNT: Handler;

beforeAll(async () => {
  ({ POST } = await import("@/app/api/waitlist/route"));
  ({ GET: GET_COUNT } = await import("@/app/api/waitlist/count/route"));
});

afterAll(async () => {
  await closeDb();
});

const signup = () =>
  POST(
    new Request("http://localhost/api/waitlist", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.10" },
      body: JSON.stringify({
        name: "Ada Lovelace",
        email: "ada@example.com",
        businessType: "cleaning",
        employees: "1",
        agreedToTerms: true,
      }),
    }),
    undefined,
  );

describe("the waiting list with the database down", () => {
  it("answers a signup with 503 JSON naming the database connection, within a few seconds", async () => {
    const started = Date.now();
    const response = await signup();
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBeTruthy();
    const text = await response.text();
    const body = JSON.parse(text) as { message: string };
    expect(body).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE, code: "database_unavailable" });
    // The form recognises it by its status and code, and tells the visitor the database is down rather than blaming their input.
    expect(isDatabaseUnavailable(new ApiError(503, text, "Service Unavailable"))).toBe(true);
    expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|at .*\.ts/);
  });

  it("answers the count with 503 JSON too", async () => {
    const started = Date.now();
    const response = await GET_COUNT(new Request("http://localhost/api/waitlist/count"), undefined);
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(response.status).toBe(503);
    expect(response.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(await response.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE, code: "database_unavailable" });
  });

  it("still answers validation errors with 400, since they need no database", async () => {
    const response = await POST(
      new Request("http://localhost/api/waitlist", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      }),
      undefined,
    );
    expect(response.status).toBe(400);
  });
});
