import { overviewFunnel, rangeBounds } from "@/lib/data/overview";
import {
  conversionRate,
  overviewSourceConversion,
  overviewVisitors,
  RARE_SOURCE_VISITORS,
  TOP_CONVERSION_SOURCES,
} from "@/lib/data/visits";
import { addWaitlistEntry } from "@/lib/data/waitlist/signups";
import { getDb, withSql } from "@/lib/db";
import { countVisit, forgetVisitSalt } from "@/lib/visits/count";
import { insertAdmin, verifiedAdminFor } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

// Today, for the overview: mid-morning UTC on 10 March 2025.
const NOW = new Date("2025-03-10T10:00:00Z");
const daysAgo = (days: number, hour = 12) => new Date(Date.UTC(2025, 2, 10 - days, hour));
const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function visit(source: string, visitor: number, at: Date, address = `198.51.100.${visitor}`) {
  await countVisit({ address, userAgent: UA, source }, at);
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
      { source: "newsletter", visitors: 4, signups: 2, visited: 0, confirmed: 1 },
      { source: "direct", visitors: 2, signups: 1, visited: 0, confirmed: 1 },
      { source: "b.example", visitors: 0, signups: 1, visited: 0, confirmed: 1 },
    ]);
    expect(await overviewVisitors(admin, rangeBounds("7", NOW))).toBe(6);
    expect(await overviewSourceConversion(admin, rangeBounds("all", NOW))).toEqual([
      { source: "newsletter", visitors: 4, signups: 2, visited: 0, confirmed: 1 },
      { source: "direct", visitors: 2, signups: 1, visited: 0, confirmed: 1 },
      { source: "t.co", visitors: 1, signups: 1, visited: 0, confirmed: 1 },
      { source: "b.example", visitors: 0, signups: 1, visited: 0, confirmed: 1 },
    ]);
    expect(await overviewVisitors(admin, rangeBounds("all", NOW))).toBe(7);
  });

  it("names the top sources and sums the rest", async () => {
    const admin = await verifiedAdminFor(await insertAdmin({ email: "owner@example.com" }));
    for (let source = 0; source < TOP_CONVERSION_SOURCES + 2; source++) {
      for (let visitor = 0; visitor <= source; visitor++)
        await visit(`s${source}`, visitor, daysAgo(0, 8), `10.0.${source}.${visitor}`);
    }
    const rows = await overviewSourceConversion(admin, rangeBounds("30", NOW));
    expect(rows).toHaveLength(TOP_CONVERSION_SOURCES);
    expect(rows[0]).toEqual({
      source: `s${TOP_CONVERSION_SOURCES + 1}`,
      visitors: TOP_CONVERSION_SOURCES + 2,
      signups: 0,
      visited: 0,
      confirmed: 0,
    });
    // The last row holds the three smallest sources: 1 + 2 + 3 visitors.
    expect(rows.at(-1)).toEqual({
      source: "other sources",
      visitors: 6,
      signups: 0,
      visited: 0,
      confirmed: 0,
      rest: true,
    });
  });

  it("sums rare sources (a visitor or two, no signup) as other sources, however few sources there are", async () => {
    const admin = await verifiedAdminFor(await insertAdmin({ email: "owner@example.com" }));
    for (let visitor = 0; visitor < RARE_SOURCE_VISITORS; visitor++) await visit("newsletter", visitor, daysAgo(0, 8));
    // Odd values, each a visitor: someone typing links by hand, or filling the table.
    for (let index = 0; index < 5; index++) await visit(`junk${index}`, 10 + index, daysAgo(0, 8));
    // A source with one visitor and a signup is no rarity.
    await visit("fair", 20, daysAgo(0, 8));
    await signup(1, daysAgo(0, 9), { utmSource: "fair" }, false);
    expect(await overviewSourceConversion(admin, rangeBounds("7", NOW))).toEqual([
      { source: "newsletter", visitors: RARE_SOURCE_VISITORS, signups: 0, visited: 0, confirmed: 0 },
      { source: "fair", visitors: 1, signups: 1, visited: 0, confirmed: 0 },
      { source: "other sources", visitors: 5, signups: 0, visited: 0, confirmed: 0, rest: true },
    ]);
  });

  it("converts only signups whose own visit was counted, one per visitor, so no rate reads above 100%", async () => {
    const admin = await verifiedAdminFor(await insertAdmin({ email: "owner@example.com" }));
    const at = daysAgo(0, 9);
    const ann = { address: "198.51.100.30", userAgent: UA };
    const base = { businessType: "cleaning", employees: "1", agreedToTerms: true } as const;
    // Ann's visit was counted by the landing page's beacon; she signs up, then adds a second business.
    await countVisit({ ...ann, source: "direct" }, at);
    await addWaitlistEntry({ ...base, name: "Ann", email: "ann@example.com" }, at, { visitor: ann });
    await addWaitlistEntry({ ...base, name: "Ann Two", email: "ann2@example.com" }, at, { visitor: ann });
    // Three signups with no beacon: an API client, and the form without scripts (its visitor never counted).
    for (const name of ["Bob", "Cy", "Di"]) {
      await addWaitlistEntry({ ...base, name, email: `${name.toLowerCase()}@example.com` }, at, {
        visitor: { address: `198.51.100.${40 + name.length}${name.charCodeAt(0) % 10}`, userAgent: UA },
      });
    }
    // A signup through Ann's personal link, whose visit the beacon counted as a referral.
    const code = (await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: "ann@example.com" } })).referralCode;
    const eve = { address: "198.51.100.50", userAgent: UA };
    await countVisit({ ...eve, source: "referral" }, at);
    await addWaitlistEntry({ ...base, name: "Eve", email: "eve@example.com", ref: code }, at, { visitor: eve });

    const bounds = rangeBounds("7", NOW);
    const rows = await overviewSourceConversion(admin, bounds);
    expect(rows).toEqual([
      { source: "direct", visitors: 1, signups: 5, visited: 1, confirmed: 0 },
      { source: "referral", visitors: 1, signups: 1, visited: 1, confirmed: 0 },
    ]);
    expect(rows.map(conversionRate)).toEqual([1, 1]);
    const funnel = await overviewFunnel(admin, bounds);
    expect({ signups: funnel.signups, visited: funnel.visited }).toEqual({ signups: 6, visited: 2 });
    expect(conversionRate({ visited: funnel.visited, visitors: await overviewVisitors(admin, bounds) })).toBe(1);
  });

  it("is for admins only", async () => {
    await expect(overviewVisitors({} as never, rangeBounds("7", NOW))).rejects.toThrow();
    await expect(overviewSourceConversion({} as never, rangeBounds("7", NOW))).rejects.toThrow();
  });
});
