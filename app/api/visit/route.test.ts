import { GET, POST } from "@/app/api/visit/route";
import { withSql } from "@/lib/db";
import {
  countVisit,
  forgetVisitSalt,
  pruneVisits,
  VISIT_BEACONS_PER_MINUTE,
  VISITORS_PER_NETWORK_PER_DAY,
  withinVisitLimit,
} from "@/lib/visits/count";
import { insertAdmin, sessionCookieFor } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";
import { awayFromWindowEdge } from "@/test/rate-limit-window";

prepareTestDatabase();

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
let ipCounter = 0;
const freshIp = () => `203.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

function beacon(
  body: unknown,
  options: { ip?: string; userAgent?: string; headers?: Record<string, string>; raw?: string } = {},
) {
  return POST(
    new Request("http://localhost/api/visit", {
      method: "POST",
      // As sendBeacon sends a string.
      headers: {
        "content-type": "text/plain;charset=UTF-8",
        "user-agent": options.userAgent ?? CHROME,
        "x-forwarded-for": options.ip ?? freshIp(),
        ...options.headers,
      },
      body: options.raw ?? JSON.stringify(body),
    }),
    undefined,
  );
}

/** Visitors per (day, source), summed over slots. */
async function counts(): Promise<Record<string, number>> {
  const rows = await withSql((sql) =>
    sql.query<{ day: string; source: string; visitors: number }>(
      `SELECT to_char("day", 'YYYY-MM-DD') AS "day", "source", sum("visitors")::int AS "visitors"
       FROM "visit_daily" GROUP BY 1, 2 ORDER BY 1, 2`,
    ),
  );
  return Object.fromEntries(rows.map((row) => [`${row.day} ${row.source}`, row.visitors]));
}

const today = () => new Date().toISOString().slice(0, 10);
const tableCount = (table: string) =>
  withSql((sql) => sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}"`)).then((rows) => rows[0]!.n);

beforeEach(async () => {
  await resetDatabase();
  forgetVisitSalt();
});

describe(`POST /api/visit (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("counts each visitor once per day and source, by the signup's source rule, and answers 204 without a cookie", async () => {
    const ann = { ip: "198.51.100.7", userAgent: CHROME };
    const responses = [
      await beacon({ utmSource: " NewsLetter ", referrer: "news.example" }, ann),
      await beacon({ utmSource: "newsletter" }, ann),
      await beacon({ referrer: "News.Example" }, ann),
      await beacon({ utmSource: null, referrer: null }, ann),
      await beacon({}, { ip: "198.51.100.9", userAgent: FIREFOX }),
      await beacon({}, { ip: "198.51.100.9", userAgent: CHROME }),
      await beacon({ utmSource: "newsletter" }, { ip: "198.51.100.8", userAgent: CHROME }),
      // A value a signup's form would drop is dropped here too: this one is counted as its referrer.
      await beacon({ utmSource: "<script>", referrer: "t.co" }),
    ];
    for (const response of responses) {
      expect(response.status).toBe(204);
      expect(response.headers.get("set-cookie")).toBeNull();
      expect(await response.text()).toBe("");
    }
    // Ann's, then two browsers on one address: each user agent its own visitor.
    expect(await counts()).toEqual({
      [`${today()} newsletter`]: 2,
      [`${today()} news.example`]: 1,
      [`${today()} direct`]: 3,
      [`${today()} t.co`]: 1,
    });
  });

  it("counts a visit through a personal link as a referral, unless a utm_source says otherwise", async () => {
    await beacon({ ref: "abcdefgh" });
    await beacon({ ref: " ABCDEFGH ", referrer: "t.co" });
    await beacon({ ref: "abcdefgh", utmSource: "newsletter" });
    // Not a code any link has: the visit counts as it would without it.
    await beacon({ ref: "not-a-code", referrer: "t.co" });
    expect(await counts()).toEqual({
      [`${today()} referral`]: 2,
      [`${today()} newsletter`]: 1,
      [`${today()} t.co`]: 1,
    });
  });

  it("keeps a utm_source to a safe source name: a few characters of a small set, cut short", async () => {
    await beacon({ utmSource: "Spring  Fair" });
    await beacon({ utmSource: "Long".repeat(20) });
    await beacon({ utmSource: "Caf\u00e9 (Paris)" });
    await beacon({ utmSource: "fb@ads:2026" });
    // What a signup's form would refuse outright (markup, over-long) is dropped, as before.
    await beacon({ utmSource: "<b>x</b>" });
    await beacon({ utmSource: "x".repeat(101) });
    expect(await counts()).toEqual({
      [`${today()} spring-fair`]: 1,
      [`${today()} ${"long".repeat(10)}`]: 1,
      [`${today()} caf\u00e9-paris`]: 1,
      [`${today()} fb-ads-2026`]: 1,
      [`${today()} direct`]: 2,
    });
  });

  it("does not count bots, requests without a user agent, prefetches or a signed-in admin", async () => {
    const admin = await insertAdmin({ email: "owner@example.com" });
    const cookie = await sessionCookieFor(admin);
    const answers = [
      await beacon({}, { userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }),
      await beacon({}, { userAgent: "curl/8.5.0" }),
      await beacon({}, { userAgent: "" }),
      await beacon({}, { headers: { "sec-purpose": "prefetch" } }),
      await beacon({}, { headers: { purpose: "prefetch" } }),
      await beacon({}, { headers: { "sec-purpose": "prefetch;prerender" } }),
      await beacon({}, { headers: { cookie } }),
    ];
    expect(answers.map((response) => response.status)).toEqual(Array(answers.length).fill(204));
    expect(answers.every((response) => response.headers.get("set-cookie") === null)).toBe(true);
    expect(await counts()).toEqual({});
    // A cookie that is no valid session is a visitor like any other.
    expect((await beacon({}, { headers: { cookie: "authjs.session-token=forged" } })).status).toBe(204);
    expect(await counts()).toEqual({ [`${today()} direct`]: 1 });
  });

  it.each([
    ["not JSON", "hello"],
    ["empty", ""],
    ["an array", "[]"],
    ["null", "null"],
    ["a number for the source", JSON.stringify({ utmSource: 5 })],
    ["an over-long value", JSON.stringify({ referrer: "a".repeat(201) })],
  ])("refuses a body that is %s with a 400 and a message, counting nothing", async (_, raw) => {
    const response = await beacon(null, { raw });
    expect(response.status).toBe(400);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(typeof ((await response.json()) as { message: unknown }).message).toBe("string");
    expect(await counts()).toEqual({});
  });

  it("refuses a body too large to be a beacon", async () => {
    const response = await beacon(null, { raw: JSON.stringify({ utmSource: "x".repeat(2000) }) });
    expect(response.status).toBe(413);
    expect(await counts()).toEqual({});
  });

  it("counts at most a few visitors a day per network, whatever the user agent, with the same answer", async () => {
    const ip = "192.0.2.55";
    const statuses: number[] = [];
    await awayFromWindowEdge(60_000, 10_000);
    for (let index = 0; index < VISIT_BEACONS_PER_MINUTE + 5; index++) {
      statuses.push((await beacon({}, { ip, userAgent: `${CHROME} ${index}` })).status);
    }
    // A new user agent with each beacon, and another source: still the network's few visitors.
    statuses.push((await beacon({ utmSource: "newsletter" }, { ip, userAgent: FIREFOX })).status);
    // An IPv6 client's whole /64 is one network.
    for (let index = 0; index < 5; index++) {
      statuses.push(
        (await beacon({}, { ip: `2001:db8:1:2::${index + 1}`, userAgent: `${CHROME} v6 ${index}` })).status,
      );
    }
    expect(new Set(statuses)).toEqual(new Set([204]));
    expect(await counts()).toEqual({ [`${today()} direct`]: 2 * VISITORS_PER_NETWORK_PER_DAY });
    // Past the cap a visitor is not noted as seen either (no signup can claim a visit nobody counted).
    expect(await tableCount("visit_seen")).toBe(2 * VISITORS_PER_NETWORK_PER_DAY);
  });

  it("lets an address send only so many beacons a minute", () => {
    const minute = 1_700_000_040_000;
    const results = Array.from({ length: VISIT_BEACONS_PER_MINUTE + 2 }, () => withinVisitLimit("192.0.2.77", minute));
    expect(results.filter(Boolean)).toHaveLength(VISIT_BEACONS_PER_MINUTE);
    expect(results.at(-1)).toBe(false);
    // A new minute starts afresh.
    expect(withinVisitLimit("192.0.2.77", minute + 60_000)).toBe(true);
  });

  it("answers other methods with 405", async () => {
    expect(GET().status).toBe(405);
  });
});

describe(`counting visitors by day (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  const visitor = { address: "198.51.100.20", userAgent: CHROME, source: "newsletter" };
  const MONDAY = new Date("2026-03-02T09:00:00Z");
  const MONDAY_LATE = new Date("2026-03-02T23:59:00Z");
  const TUESDAY = new Date("2026-03-03T00:01:00Z");

  it("counts the same visitor once a day, and again on a new day under a new salt", async () => {
    expect(await countVisit(visitor, MONDAY)).toBe(true);
    expect(await countVisit(visitor, MONDAY_LATE)).toBe(false);
    expect(await countVisit({ ...visitor, source: "direct" }, MONDAY_LATE)).toBe(true);
    const [mondaySalt] = await withSql((sql) =>
      sql.query<{ salt: string }>(`SELECT encode("salt", 'hex') AS salt FROM "visit_salts"`),
    );
    expect(await countVisit(visitor, TUESDAY)).toBe(true);
    expect(await countVisit(visitor, TUESDAY)).toBe(false);
    expect(await counts()).toEqual({ "2026-03-02 direct": 1, "2026-03-02 newsletter": 1, "2026-03-03 newsletter": 1 });
    // Tuesday's first visit made Tuesday's salt and deleted Monday's salt and hashes.
    const salts = await withSql((sql) =>
      sql.query<{ day: string; salt: string }>(
        `SELECT to_char("day", 'YYYY-MM-DD') AS "day", encode("salt", 'hex') AS salt FROM "visit_salts"`,
      ),
    );
    expect(salts.map((row) => row.day)).toEqual(["2026-03-03"]);
    expect(salts[0]!.salt).not.toBe(mondaySalt!.salt);
    expect(salts[0]!.salt).toMatch(/^[0-9a-f]{64}$/);
    const seen = await withSql((sql) =>
      sql.query<{ day: string }>(`SELECT to_char("day", 'YYYY-MM-DD') AS "day" FROM "visit_seen"`),
    );
    expect(seen.map((row) => row.day)).toEqual(["2026-03-03"]);
  });

  it("stores no address or user agent, only salted hashes", async () => {
    await countVisit(visitor, MONDAY);
    const rows = await withSql((sql) =>
      sql.query<{ hash: string; source: string }>(`SELECT encode("hash", 'hex') AS hash, "source" FROM "visit_seen"`),
    );
    expect(rows).toEqual([{ hash: expect.stringMatching(/^[0-9a-f]{64}$/), source: "newsletter" }]);
    const everything = JSON.stringify(
      await withSql((sql) =>
        sql.query(
          `SELECT (SELECT json_agg(s) FROM "visit_seen" s) AS seen, (SELECT json_agg(d) FROM "visit_daily" d) AS daily`,
        ),
      ),
    );
    expect(everything).not.toContain(visitor.address);
    expect(everything).not.toContain("Chrome");
  });

  it("has the sweep delete the salts and hashes of days that are over, keeping the counts", async () => {
    await countVisit(visitor, MONDAY);
    await countVisit({ ...visitor, address: "198.51.100.21" }, MONDAY);
    // Another instance still on Monday's salt, with Tuesday begun: the sweep on Tuesday removes Monday's.
    expect(await pruneVisits(MONDAY_LATE)).toBe(0);
    expect(await pruneVisits(TUESDAY)).toBe(3);
    expect(await tableCount("visit_salts")).toBe(0);
    expect(await tableCount("visit_seen")).toBe(0);
    expect(await tableCount("visit_networks")).toBe(0);
    expect(await counts()).toEqual({ "2026-03-02 newsletter": 2 });
  });
});
