import { GET } from "@/app/api/admin/waitlist/route";
import { ANY_WAITLIST_COLUMNS } from "@/lib/data/waitlist/columns";
import { withSql } from "@/lib/db";
import { startTestSession } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

const BASE = "http://localhost/api/admin/waitlist";

async function adminCookie(options: { active?: boolean } = {}): Promise<string> {
  const [admin] = await withSql((sql) =>
    sql.query<{ id: number }>(
      `INSERT INTO "admin_users" ("name", "email", "password", "isActive") VALUES ('Ada', $1, 'not-a-real-hash', $2) RETURNING "id"`,
      [`ada${Math.random()}@example.com`, options.active ?? true],
    ),
  );
  return (await startTestSession(admin!)).cookie;
}

const get = (query = "", cookie?: string) =>
  GET(new Request(`${BASE}${query}`, { headers: cookie ? { cookie } : {} }), undefined);

describe(`GET /api/admin/waitlist (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  beforeEach(() => resetDatabase());

  it("answers 401 without a session, and clears the cookie", async () => {
    const response = await get();
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: expect.stringMatching(/sign in/i) });
    expect(response.headers.get("set-cookie")).toMatch(/Max-Age=0/);
  });

  it("answers 401 to a deactivated admin and to a forged cookie", async () => {
    expect((await get("", await adminCookie({ active: false }))).status).toBe(401);
    expect((await get("", "authjs.session-token=forged")).status).toBe(401);
  });

  it("lists entries with the total, newest first, for an admin", async () => {
    await withSql((sql) =>
      sql.exec(`INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "joinedAt") VALUES
        ('Old', 'old@example.com', 'car', '1', '2025-01-01T09:00:00Z'),
        ('New', 'new@example.com', 'trades', '11+', '2025-02-01T09:00:00Z')`),
    );
    const response = await get("", await adminCookie());
    expect(response.status).toBe(200);
    // Never stored; whether it is also "no-transform" depends on the body's size (lib/http.ts), which each column adds to.
    expect(response.headers.get("cache-control")).toMatch(/^no-store(, no-transform)?$/);
    const body = await response.json();
    expect(body).toEqual({
      entries: [
        expect.objectContaining({
          id: expect.any(Number),
          name: "New",
          email: "new@example.com",
          businessType: "trades",
          businessDescription: null,
          businessTypeLabel: "Trades (plumbing, electrical, building)",
          employees: "11+",
          joinedAt: "2025-02-01T09:00:00.000Z",
          confirmedAt: null,
          status: "waiting",
          invitedAt: null,
          acceptedAt: null,
          source: "direct",
          // Not confirmed: no place in line, and no referrals credited.
          place: null,
          referrals: 0,
          // Not held for review.
          heldAt: null,
          heldReason: null,
          // A direct visit, on nobody's link.
          utmSource: null,
          referrer: null,
          referredBy: null,
          referralCode: expect.any(String),
        }),
        expect.objectContaining({
          name: "Old",
          businessTypeLabel: "Car valeting & detailing",
          joinedAt: "2025-01-01T09:00:00.000Z",
        }),
      ],
      total: 2,
      totalIsExact: true,
      page: 1,
      pageSize: 50,
    });
    // Every column of the list (lib/data/waitlist/columns.ts), and the business type's label.
    expect(Object.keys(body.entries[0]).sort()).toEqual(
      [...ANY_WAITLIST_COLUMNS.map((column) => column.key), "businessTypeLabel"].sort(),
    );
  });

  it("searches, sorts and pages from the query string", async () => {
    await withSql((sql) =>
      sql.exec(`INSERT INTO "waitlist" ("name", "email", "businessType", "employees")
        SELECT 'Ann ' || i, 'ann' || i || '@example.com', 'cleaning', '2-5' FROM generate_series(1, 7) AS i`),
    );
    const cookie = await adminCookie();
    const body = await (await get("?q=ANN&sort=name_desc&page=2&pageSize=3", cookie)).json();
    expect(body.entries.map((entry: { name: string }) => entry.name)).toEqual(["Ann 4", "Ann 3", "Ann 2"]);
    expect(body).toMatchObject({ total: 7, totalIsExact: true, page: 2, pageSize: 3 });
    expect((await (await get("?q=%25", cookie)).json()).total).toBe(0);
  });

  it.each([
    ["?page=0", /page must be at least 1/],
    ["?page=two", /page must be a whole number/],
    ["?pageSize=500", /pageSize must be at most 200/],
    ["?sort=email", /sort must be one of/],
    [`?q=${"a".repeat(201)}`, /q must be at most 200 characters/],
  ])("answers 400 with a message for %s", async (query, message) => {
    const response = await get(query, await adminCookie());
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.message).toMatch(message);
    expect(body.errors).toBeDefined();
  });

  it("checks the session before the parameters", async () => {
    expect((await get("?page=0")).status).toBe(401);
  });

  it("exports only GET, so Next answers 405 to other methods", async () => {
    const methods = Object.keys(await import("@/app/api/admin/waitlist/route"));
    expect(methods).toEqual(["GET"]);
  });
});
