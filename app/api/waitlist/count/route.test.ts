import { GET, POST } from "@/app/api/waitlist/count/route";
import { POST as SIGNUP } from "@/app/api/waitlist/route";
import { addWaitlistEntry, countWaitlistEntries, forgetCachedWaitlistCount } from "@/lib/data/waitlist/signups";
import { withSql } from "@/lib/db";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

const getCount = async () => {
  const response = await GET(new Request("http://localhost/api/waitlist/count"), undefined);
  expect(response.status).toBe(200);
  return (await response.json()) as { count: number };
};

let ip = 0;
const signup = (email: string) =>
  SIGNUP(
    new Request("http://localhost/api/waitlist", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `192.0.2.${++ip}` },
      body: JSON.stringify({ name: "Sam Jones", email, businessType: "trades", employees: "1", agreedToTerms: true }),
    }),
    undefined,
  );

const realCount = () =>
  withSql(async (sql) =>
    Number((await sql.query<{ n: string | number }>(`SELECT count(*) AS n FROM "waitlist"`))[0]!.n),
  );

beforeEach(async () => {
  await resetDatabase();
});

describe(`GET /api/waitlist/count (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("answers { count: 0 } for an empty list, with headers that let a CDN hold it briefly", async () => {
    const response = await GET(new Request("http://localhost/api/waitlist/count"), undefined);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ count: 0 });
    const cacheControl = response.headers.get("cache-control") ?? "";
    expect(cacheControl).toMatch(/\bpublic\b/);
    expect(cacheControl).toMatch(/\bs-maxage=\d+/);
    expect(cacheControl).toMatch(/\bstale-while-revalidate=\d+/);
    // Browsers revalidate, so a visitor who just signed up never sees their own stale copy.
    expect(cacheControl).toMatch(/\bmax-age=0\b/);
  });

  it("goes up by one for each new signup and not for a repeat one", async () => {
    expect((await signup("one@example.com")).status).toBe(201);
    expect(await getCount()).toEqual({ count: 1 });
    expect((await signup("two@example.com")).status).toBe(201);
    expect(await getCount()).toEqual({ count: 2 });
    expect((await signup("ONE@example.com")).status).toBe(201);
    expect(await getCount()).toEqual({ count: 2 });
  });

  it("stays exact under concurrent signups, including racing duplicates", async () => {
    const emails = Array.from({ length: 60 }, (_, i) => `c${i % 40}@example.com`);
    await Promise.all(
      emails.map((email) =>
        addWaitlistEntry({ name: "Racer", email, businessType: "car", employees: "1", agreedToTerms: true }),
      ),
    );
    expect(await getCount()).toEqual({ count: 40 });
    expect(await realCount()).toBe(40);
  });

  it("matches count(*) after bulk inserts, deletes and a truncate made outside the app", async () => {
    await withSql((sql) =>
      sql.exec(`INSERT INTO "waitlist" ("name", "email", "businessType", "employees")
                SELECT 'Bulk ' || g, 'bulk' || g || '@example.com', 'other', '6-10' FROM generate_series(1, 2500) AS g`),
    );
    expect(await countWaitlistEntries()).toBe(2500);
    await withSql((sql) => sql.exec(`DELETE FROM "waitlist" WHERE "email" LIKE 'bulk1%'`));
    expect(await countWaitlistEntries()).toBe(await realCount());
    await withSql((sql) => sql.exec(`TRUNCATE "waitlist" CASCADE`));
    // The route answers from a one-second memory; a change made behind the app's back shows once it is dropped.
    forgetCachedWaitlistCount();
    expect(await getCount()).toEqual({ count: 0 });
  });

  it("answers other methods with 405", async () => {
    const response = await POST();
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
  });
});
