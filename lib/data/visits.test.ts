import { rangeBounds } from "@/lib/data/overview";
import { overviewSourceConversion, overviewVisitors, TOP_CONVERSION_SOURCES } from "@/lib/data/visits";
import { withSql } from "@/lib/db";
import { countVisit, forgetVisitSalt } from "@/lib/visits/count";
import { insertAdmin, verifiedAdminFor } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

// Today, for the overview: mid-morning UTC on 10 March 2025.
const NOW = new Date("2025-03-10T10:00:00Z");
const daysAgo = (days: number, hour = 12) => new Date(Date.UTC(2025, 2, 10 - days, hour));
const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function visit(source: string, visitor: number, at: Date) {
  await countVisit({ address: `198.51.100.${visitor}`, userAgent: UA, source }, at);
}

async function signup(index: number, at: Date, source: { utmSource?: string; referrer?: string }, confirmed: boolean) {
  await withSql((sql) =>
    sql.query(
      `INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "joinedAt", "confirmedAt", "utmSource", "referrer")
       VALUES ($1, $2, 'cleaning', '1', $3, $4, $5, $6)`,
      [
        `Person ${index}`,
        `p${index}@example.com`,
        at.toISOString(),
        confirmed ? at.toISOString() : null,
        source.utmSource ?? null,
        source.referrer ?? null,
      ],
    ),
  );
}

beforeEach(async () => {
  await resetDatabase();
  forgetVisitSalt();
});

describe(`the overview's visitors (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("puts each source's visitors beside its signups, confirmed signups, for the range only", async () => {
    const admin = await verifiedAdminFor(await insertAdmin({ email: "owner@example.com" }));
    // In the last 7 days: 4 newsletter visitors (one of them twice in a day, one on two days), 2 direct.
    await visit("newsletter", 1, daysAgo(2));
    await visit("newsletter", 1, daysAgo(2, 18));
    await visit("newsletter", 2, daysAgo(2));
    await visit("newsletter", 1, daysAgo(1));
    await visit("newsletter", 3, daysAgo(0, 8));
    await visit("direct", 4, daysAgo(0, 9));
    await visit("direct", 5, daysAgo(0, 9));
    // Before the 7 days.
    await visit("t.co", 6, daysAgo(20));
    await signup(1, daysAgo(2), { utmSource: "newsletter" }, true);
    await signup(2, daysAgo(1), { utmSource: "newsletter", referrer: "news.example" }, false);
    await signup(3, daysAgo(0, 8), {}, true);
    // A signup whose visit was not counted still shows under its source.
    await signup(4, daysAgo(3), { referrer: "b.example" }, true);
    await signup(5, daysAgo(30), { referrer: "t.co" }, true);

    expect(await overviewSourceConversion(admin, rangeBounds("7", NOW))).toEqual([
      { source: "newsletter", visitors: 4, signups: 2, confirmed: 1 },
      { source: "direct", visitors: 2, signups: 1, confirmed: 1 },
      { source: "b.example", visitors: 0, signups: 1, confirmed: 1 },
    ]);
    expect(await overviewVisitors(admin, rangeBounds("7", NOW))).toBe(6);
    expect(await overviewSourceConversion(admin, rangeBounds("all", NOW))).toEqual([
      { source: "newsletter", visitors: 4, signups: 2, confirmed: 1 },
      { source: "direct", visitors: 2, signups: 1, confirmed: 1 },
      { source: "t.co", visitors: 1, signups: 1, confirmed: 1 },
      { source: "b.example", visitors: 0, signups: 1, confirmed: 1 },
    ]);
    expect(await overviewVisitors(admin, rangeBounds("all", NOW))).toBe(7);
  });

  it("names the top sources and sums the rest", async () => {
    const admin = await verifiedAdminFor(await insertAdmin({ email: "owner@example.com" }));
    for (let source = 0; source < TOP_CONVERSION_SOURCES + 2; source++) {
      for (let visitor = 0; visitor <= source; visitor++) await visit(`s${source}`, visitor, daysAgo(0, 8));
    }
    const rows = await overviewSourceConversion(admin, rangeBounds("30", NOW));
    expect(rows).toHaveLength(TOP_CONVERSION_SOURCES);
    expect(rows[0]).toEqual({
      source: `s${TOP_CONVERSION_SOURCES + 1}`,
      visitors: TOP_CONVERSION_SOURCES + 2,
      signups: 0,
      confirmed: 0,
    });
    // The last row holds the three smallest sources: 1 + 2 + 3 visitors.
    expect(rows.at(-1)).toEqual({ source: "other sources", visitors: 6, signups: 0, confirmed: 0, rest: true });
  });

  it("is for admins only", async () => {
    await expect(overviewVisitors({} as never, rangeBounds("7", NOW))).rejects.toThrow();
    await expect(overviewSourceConversion({} as never, rangeBounds("7", NOW))).rejects.toThrow();
  });
});
