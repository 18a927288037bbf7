import {
  knownSources,
  MIN_CHART_DAYS,
  overviewBreakdown,
  overviewFunnel,
  overviewHeadline,
  overviewSignupsPerDay,
  overviewSignupsPerHour,
  rangeBounds,
  TOP_SOURCES,
  type RangeBounds,
} from "@/lib/data/overview";
import { deleteWaitlistEntry } from "@/lib/data/waitlist/entry-actions";
import { acceptInvitation, inviteEntries } from "@/lib/data/waitlist/invitations";
import { confirmWithToken } from "@/lib/data/waitlist/signups";
import { getDb, withSql } from "@/lib/db";
import { OVERVIEW_RANGES, RANGE_DAYS } from "@/lib/validation/overview";
import { insertAdmin, verifiedAdminFor } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

// Today, for the overview: mid-morning UTC on 10 March 2025.
const NOW = new Date("2025-03-10T10:00:00Z");
const TYPES = ["cleaning", "car", "trades", "tutoring"];
const SIZES = ["1", "2-5", "6-10", "11+"];
const SOURCES: [utmSource: string | null, referrer: string | null][] = [
  ["newsletter", null],
  [null, "t.co"],
  [null, null],
  ["newsletter", "news.example"],
  ["spring-fair", null],
  ["a1", null],
  ["a2", null],
  ["a3", null],
  ["a4", null],
  ["a5", null],
  [null, "b.example"],
];

/** 300 entries over the 100 days before NOW, some at 23:30 and 00:30 UTC, every kind of source and status. */
async function seed() {
  await withSql(async (sql) => {
    for (let index = 0; index < 300; index++) {
      const minutes = index % 3 === 0 ? 23 * 60 + 30 : index % 3 === 1 ? 30 : 11 * 60;
      const joinedAt = new Date(Date.UTC(2025, 2, 10) - Math.floor(index / 3) * 86_400_000 + minutes * 60_000);
      const [utmSource, referrer] = SOURCES[index % SOURCES.length]!;
      const status = index % 10 === 0 ? "accepted" : index % 4 === 0 ? "invited" : "waiting";
      const invitedAt = status === "waiting" ? null : new Date(joinedAt.getTime() + (index % 20) * 86_400_000);
      const acceptedAt = status === "accepted" ? new Date(invitedAt!.getTime() + 3_600_000 * (index % 30)) : null;
      await sql.query(
        `INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "joinedAt", "confirmedAt", "status", "invitedAt", "acceptedAt", "utmSource", "referrer")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          `Person ${index}`,
          `p${index}@example.com`,
          TYPES[index % TYPES.length],
          SIZES[Math.floor(index / 4) % SIZES.length],
          joinedAt.toISOString(),
          index % 3 === 2 ? null : new Date(joinedAt.getTime() + 600_000).toISOString(),
          status,
          invitedAt?.toISOString() ?? null,
          acceptedAt?.toISOString() ?? null,
          utmSource,
          referrer,
        ],
      );
    }
  });
}

// The plain queries each figure must equal: over the waitlist itself, days taken in UTC.
const DAY = (column: string) => `("${column}" AT TIME ZONE 'UTC')::date`;
const within = (column: string, from: string | null, to: string | null) =>
  `${from ? `${DAY(column)} >= '${from}'` : "TRUE"} AND ${to ? `${DAY(column)} < '${to}'` : "TRUE"}`;

async function reference(bounds: RangeBounds) {
  const count = async (where: string) =>
    (await withSql((sql) => sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "waitlist" WHERE ${where}`)))[0]!
      .n;
  const period = async (from: string | null, to: string | null) => ({
    signups: await count(within("joinedAt", from, to)),
    confirmed: await count(`${within("joinedAt", from, to)} AND "confirmedAt" IS NOT NULL`),
    invited: await count(`"invitedAt" IS NOT NULL AND ${within("invitedAt", from, to)}`),
    accepted: await count(`"acceptedAt" IS NOT NULL AND ${within("acceptedAt", from, to)}`),
  });
  const current = await period(bounds.start, null);
  const previous = bounds.previousStart ? await period(bounds.previousStart, bounds.start) : null;
  const compared = (key: keyof typeof current) => ({
    current: current[key],
    previous: previous ? previous[key] : null,
  });
  const group = (expression: string) =>
    withSql((sql) =>
      sql.query<{ key: string; signups: number }>(
        `SELECT ${expression} AS "key", count(*)::int AS "signups" FROM "waitlist" WHERE ${within("joinedAt", bounds.start, null)} GROUP BY 1 ORDER BY 2 DESC, 1`,
      ),
    );
  const perDay = await withSql((sql) =>
    sql.query<{ day: string; signups: number }>(
      `SELECT to_char(${DAY("joinedAt")}, 'YYYY-MM-DD') AS "day", count(*)::int AS "signups" FROM "waitlist" WHERE ${within("joinedAt", bounds.start, null)} GROUP BY 1 ORDER BY 1`,
    ),
  );
  return {
    headline: {
      signups: compared("signups"),
      confirmed: compared("confirmed"),
      invited: compared("invited"),
      accepted: compared("accepted"),
    },
    perDay,
    byType: await group(`"businessType"`),
    bySize: await group(`"employees"`),
    bySource: await group(
      `CASE WHEN "utmSource" IS NOT NULL THEN "utmSource" WHEN "referrer" IS NOT NULL THEN "referrer" ELSE 'direct' END`,
    ),
    funnel: {
      signups: current.signups,
      confirmed: await count(`${within("joinedAt", bounds.start, null)} AND "confirmedAt" IS NOT NULL`),
      invited: await count(`${within("joinedAt", bounds.start, null)} AND "status" IN ('invited', 'accepted')`),
      accepted: await count(`${within("joinedAt", bounds.start, null)} AND "status" = 'accepted'`),
    },
  };
}

describe(`the admin overview (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  let admin: Awaited<ReturnType<typeof verifiedAdminFor>>;

  beforeEach(async () => {
    await resetDatabase();
    admin = await verifiedAdminFor(await insertAdmin({ email: "ada@example.com" }));
    await seed();
  });

  async function expectFiguresToMatch() {
    for (const range of OVERVIEW_RANGES) {
      const bounds = rangeBounds(range, NOW);
      const expected = await reference(bounds);
      expect({ range, headline: await overviewHeadline(admin, bounds) }).toEqual({
        range,
        headline: expected.headline,
      });
      const perDay = await overviewSignupsPerDay(admin, bounds);
      // Every day of the range is there, zeros included; the days with signups are the reference's.
      expect({ range, days: perDay.filter((day) => day.signups > 0) }).toEqual({ range, days: expected.perDay });
      expect(perDay.at(-1)?.day).toBe("2025-03-10");
      if (range !== "all") expect(perDay).toHaveLength(RANGE_DAYS[range]);
      expect({ range, byType: await overviewBreakdown(admin, bounds, "businessType") }).toEqual({
        range,
        byType: expected.byType,
      });
      expect({ range, bySize: await overviewBreakdown(admin, bounds, "employees") }).toEqual({
        range,
        // Team sizes in their natural order, not by count.
        bySize: [...expected.bySize].sort((a, b) => SIZES.indexOf(a.key) - SIZES.indexOf(b.key)),
      });
      const bySource = await overviewBreakdown(admin, bounds, "source");
      const top = expected.bySource.slice(0, expected.bySource.length > TOP_SOURCES ? TOP_SOURCES - 1 : TOP_SOURCES);
      expect({ range, top: bySource.filter((row) => !row.rest) }).toEqual({ range, top });
      expect(bySource.reduce((sum, row) => sum + row.signups, 0)).toBe(expected.headline.signups.current);
      expect({ range, funnel: await overviewFunnel(admin, bounds) }).toEqual({ range, funnel: expected.funnel });
    }
  }

  it("equals plain queries over the waitlist for every range, days taken in UTC", async () => {
    await expectFiguresToMatch();
  });

  it("counts today's signups by UTC hour, up to the current hour, as a plain query does", async () => {
    await withSql((sql) =>
      sql.query(
        `INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "joinedAt")
         SELECT 'Launch ' || i, 'launch' || i || '@example.com', 'car', '1', timestamptz '2025-03-10 09:00:00+00' + i * interval '7 minutes'
         FROM generate_series(0, 12) AS i`,
      ),
    );
    const hours = await overviewSignupsPerHour(admin, NOW);
    // 00:00 to 10:00 UTC: the hour now running is there, later ones are not yet.
    expect(hours.map((hour) => hour.hour)).toEqual(
      Array.from({ length: 11 }, (_, hour) => `2025-03-10T${String(hour).padStart(2, "0")}:00:00.000Z`),
    );
    const plain = await withSql((sql) =>
      sql.query<{ hour: number; n: number }>(
        `SELECT extract(hour FROM "joinedAt" AT TIME ZONE 'UTC')::int AS "hour", count(*)::int AS n FROM "waitlist"
         WHERE ("joinedAt" AT TIME ZONE 'UTC')::date = '2025-03-10' AND extract(hour FROM "joinedAt" AT TIME ZONE 'UTC') <= 10 GROUP BY 1 ORDER BY 1`,
      ),
    );
    expect(
      hours.filter((hour) => hour.signups > 0).map((hour) => [Number(hour.hour.slice(11, 13)), hour.signups]),
    ).toEqual(plain.map((row) => [row.hour, row.n]));
    expect(hours[9]!.signups).toBe(9);
    expect(hours[10]!.signups).toBe(4);
  });

  it("spans at least a week for all time, so one day of signups is not drawn as one slab", async () => {
    await resetDatabase();
    await withSql((sql) =>
      sql.query(
        `INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "joinedAt") VALUES ('Ann', 'ann@example.com', 'car', '1', '2025-03-10T08:00:00Z')`,
      ),
    );
    const days = await overviewSignupsPerDay(admin, rangeBounds("all", NOW));
    expect(days).toHaveLength(MIN_CHART_DAYS);
    expect(days.at(-1)).toEqual({ day: "2025-03-10", signups: 1 });
    expect(days[0]!.day).toBe("2025-03-04");
  });

  it("puts 23:30 and 00:30 UTC on different days, whatever the server's own zone", async () => {
    const days = await overviewSignupsPerDay(admin, rangeBounds("7", NOW));
    // Each seeded day has one signup at 00:30, one at 11:00 and one at 23:30 (UTC).
    expect(days.map((day) => day.signups)).toEqual([3, 3, 3, 3, 3, 3, 3]);
  });

  it("stays exact as entries are confirmed, invited, accepted, re-sent a confirmation and erased", async () => {
    await withSql((sql) =>
      sql.exec(`UPDATE "waitlist" SET "confirmedAt" = now() WHERE "id" % 7 = 0 AND "confirmedAt" IS NULL`),
    );
    await inviteEntries(admin, { filter: { q: "" }, limit: 40, includeUnconfirmed: true }, "", NOW);
    const [accepted] = await withSql((sql) =>
      sql.query<{ id: number }>(`SELECT "id" FROM "waitlist" WHERE "status" = 'invited' ORDER BY "id" LIMIT 1`),
    );
    await withSql((sql) =>
      sql.query(`UPDATE "waitlist" SET "status" = 'accepted', "acceptedAt" = $1 WHERE "id" = $2`, [
        NOW.toISOString(),
        accepted!.id,
      ]),
    );
    await withSql((sql) => sql.exec(`UPDATE "waitlist" SET "confirmationSentAt" = now() WHERE "id" % 5 = 0`));
    for (const id of [3, 10, 200]) await deleteWaitlistEntry(admin, id);
    await expectFiguresToMatch();
  });

  it("follows the real signup, confirmation and invitation paths", async () => {
    await resetDatabase();
    admin = await verifiedAdminFor(await insertAdmin({ email: "ada@example.com" }));
    const { addWaitlistEntry } = await import("@/lib/data/waitlist/signups");
    await addWaitlistEntry(
      {
        name: "Ann",
        email: "ann@example.com",
        businessType: "car",
        employees: "1",
        agreedToTerms: true,
        source: { utmSource: "newsletter" },
      },
      NOW,
    );
    await addWaitlistEntry(
      {
        name: "Ann again",
        email: "ann@example.com",
        businessType: "car",
        employees: "1",
        agreedToTerms: true,
        source: { utmSource: "twitter" },
      },
      NOW,
    );
    await addWaitlistEntry(
      { name: "Bob", email: "bob@example.com", businessType: "trades", employees: "2-5", agreedToTerms: true },
      NOW,
    );
    const bounds = rangeBounds("7", NOW);
    expect(await overviewBreakdown(admin, bounds, "source")).toEqual([
      { key: "direct", signups: 1 },
      { key: "newsletter", signups: 1 },
    ]);
    const ann = await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: "ann@example.com" } });
    const token = "a".repeat(64);
    await withSql((sql) =>
      sql.query(
        `UPDATE "waitlist_tokens" SET "tokenHash" = encode(sha256(convert_to($1, 'UTF8')), 'hex') WHERE "entryId" = $2 AND "purpose" = 'confirm'`,
        [token, ann.id],
      ),
    );
    expect((await confirmWithToken(token, NOW)).status).toBe("confirmed");
    await inviteEntries(admin, { ids: [ann.id] }, "", NOW);
    const acceptToken = "b".repeat(64);
    await withSql((sql) =>
      sql.query(
        `UPDATE "waitlist_tokens" SET "tokenHash" = encode(sha256(convert_to($1, 'UTF8')), 'hex') WHERE "entryId" = $2 AND "purpose" = 'accept'`,
        [acceptToken, ann.id],
      ),
    );
    expect((await acceptInvitation(acceptToken, NOW)).status).toBe("accepted");
    expect(await overviewFunnel(admin, bounds)).toEqual({ signups: 2, confirmed: 1, invited: 1, accepted: 1 });
    expect(await overviewHeadline(admin, bounds)).toEqual({
      signups: { current: 2, previous: 0 },
      confirmed: { current: 1, previous: 0 },
      invited: { current: 1, previous: 0 },
      accepted: { current: 1, previous: 0 },
    });
  });

  it("knows every source that brought a signup, most signups first, and forgets one whose entries are all erased", async () => {
    const expected = await withSql((sql) =>
      sql.query<{ source: string }>(`SELECT "source" FROM "waitlist" GROUP BY 1 ORDER BY count(*) DESC, 1`),
    );
    expect(await knownSources(admin)).toEqual(expected.map((row) => row.source));
    expect(await knownSources(admin)).toContain("spring-fair");

    const fair = await getDb().waitlistEntry.findMany({ where: { utmSource: "spring-fair" }, select: { id: true } });
    for (const entry of fair) await deleteWaitlistEntry(admin, entry.id);
    expect(await knownSources(admin)).not.toContain("spring-fair");
  });

  it("serves only an admin that requireAdmin verified", async () => {
    const forged = { id: 1, email: "x@example.com", name: "X" } as never;
    await expect(overviewHeadline(forged, rangeBounds("7", NOW))).rejects.toMatchObject({ status: 401 });
    await expect(knownSources(forged)).rejects.toMatchObject({ status: 401 });
  });
});
