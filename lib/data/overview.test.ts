import {
  knownSources,
  MIN_CHART_DAYS,
  overviewBreakdown,
  overviewFunnel,
  overviewHeadline,
  overviewReferrals,
  overviewSignupsPerDay,
  overviewSignupsPerHour,
  rangeBounds,
  TOP_REFERRERS,
  TOP_SOURCES,
  type RangeBounds,
} from "@/lib/data/overview";
import { deleteWaitlistEntry } from "@/lib/data/waitlist/entry-actions";
import { acceptInvitation, inviteEntries } from "@/lib/data/waitlist/invitations";
import { addWaitlistEntry, confirmWithToken } from "@/lib/data/waitlist/signups";
import { getDb, withSql } from "@/lib/db";
import { hashToken, newToken } from "@/lib/email/tokens";
import { OVERVIEW_RANGES, RANGE_DAYS } from "@/lib/validation/overview";
import { insertAdmin, verifiedAdminFor } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

// Today, for the overview: mid-morning UTC on 10 March 2025.
const NOW = new Date("2025-03-10T10:00:00Z");
const TYPES = ["cleaning", "car", "trades", "tutoring"];
// The form's sizes, then "Not given" (an import without a team size).
const SIZES = ["1", "2-5", "6-10", "11+", "not-given"];
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
        `INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "joinedAt", "confirmedAt", "status", "invitedAt", "acceptedAt", "utmSource", "referrer", "origin", "visitCounted")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
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
          // Some through a personal link, some imported; some whose visit was counted.
          index % 22 === 2 ? "referral" : index % 13 === 6 ? "import" : null,
          index % 3 !== 1,
        ],
      );
    }
    // Signups held for review (no proof of work): on the overview only as held, until released.
    await sql.exec(
      `INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "joinedAt", "heldAt", "heldReason")
       SELECT 'Held ' || i, 'held' || i || '@example.com', 'car', '1', timestamptz '2025-03-10 08:00:00+00' - i * interval '2 days',
              timestamptz '2025-03-10 08:00:00+00' - i * interval '2 days', 'missing'
       FROM generate_series(0, 11) AS i`,
    );
  });
}

// The plain queries each figure must equal: over the waitlist itself, days taken in UTC.
const DAY = (column: string) => `("${column}" AT TIME ZONE 'UTC')::date`;
const within = (column: string, from: string | null, to: string | null) =>
  `${from ? `${DAY(column)} >= '${from}'` : "TRUE"} AND ${to ? `${DAY(column)} < '${to}'` : "TRUE"}`;

async function reference(bounds: RangeBounds) {
  const count = async (where: string) =>
    (
      await withSql((sql) =>
        sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "waitlist" WHERE ${where} AND "heldAt" IS NULL`),
      )
    )[0]!.n;
  const held = (
    await withSql((sql) =>
      sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "waitlist" WHERE ${within("joinedAt", bounds.start, null)} AND "heldAt" IS NOT NULL`,
      ),
    )
  )[0]!.n;
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
        `SELECT ${expression} AS "key", count(*)::int AS "signups" FROM "waitlist" WHERE ${within("joinedAt", bounds.start, null)} AND "heldAt" IS NULL GROUP BY 1 ORDER BY 2 DESC, 1`,
      ),
    );
  const perDay = await withSql((sql) =>
    sql.query<{ day: string; signups: number }>(
      `SELECT to_char(${DAY("joinedAt")}, 'YYYY-MM-DD') AS "day", count(*)::int AS "signups" FROM "waitlist" WHERE ${within("joinedAt", bounds.start, null)} AND "heldAt" IS NULL GROUP BY 1 ORDER BY 1`,
    ),
  );
  return {
    headline: {
      signups: compared("signups"),
      confirmed: compared("confirmed"),
      invited: compared("invited"),
      accepted: compared("accepted"),
      held,
    },
    perDay,
    byType: await group(`"businessType"`),
    bySize: await group(`"employees"`),
    bySource: await group(
      `CASE WHEN "utmSource" IS NOT NULL THEN "utmSource" WHEN "origin" IS NOT NULL THEN "origin" WHEN "referrer" IS NOT NULL THEN "referrer" ELSE 'direct' END`,
    ),
    funnel: {
      signups: current.signups,
      visited: await count(`${within("joinedAt", bounds.start, null)} AND "visitCounted"`),
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
         WHERE ("joinedAt" AT TIME ZONE 'UTC')::date = '2025-03-10' AND extract(hour FROM "joinedAt" AT TIME ZONE 'UTC') <= 10 AND "heldAt" IS NULL GROUP BY 1 ORDER BY 1`,
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
    // Held signups released (they count from now on, on their own signup days) and one deleted.
    await withSql((sql) =>
      sql.exec(`UPDATE "waitlist" SET "heldAt" = NULL WHERE "email" IN ('held0@example.com', 'held5@example.com')`),
    );
    await withSql((sql) => sql.exec(`DELETE FROM "waitlist" WHERE "email" = 'held7@example.com'`));
    await expectFiguresToMatch();
  });

  it("follows the real signup, confirmation and invitation paths", async () => {
    await resetDatabase();
    admin = await verifiedAdminFor(await insertAdmin({ email: "ada@example.com" }));
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
    expect(await overviewFunnel(admin, bounds)).toEqual({
      signups: 2,
      visited: 0,
      confirmed: 1,
      invited: 1,
      accepted: 1,
    });
    expect(await overviewHeadline(admin, bounds)).toEqual({
      signups: { current: 2, previous: 0 },
      confirmed: { current: 1, previous: 0 },
      invited: { current: 1, previous: 0 },
      accepted: { current: 1, previous: 0 },
      held: 0,
    });
  });

  it("knows every source that brought a signup, most signups first, and forgets one whose entries are all erased", async () => {
    const expected = await withSql((sql) =>
      sql.query<{ source: string }>(
        `SELECT "source" FROM "waitlist" WHERE "heldAt" IS NULL GROUP BY 1 ORDER BY count(*) DESC, 1`,
      ),
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

describe(`the overview's referrals (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  let admin: Awaited<ReturnType<typeof verifiedAdminFor>>;
  const at = (iso: string) => new Date(iso);

  /** Signs someone up at a moment, through a referral code if given, and returns their entry's id and code. */
  async function join(email: string, when: Date, ref?: string) {
    await addWaitlistEntry(
      { name: email.split("@")[0]!, email, businessType: "cleaning", employees: "1", agreedToTerms: true, ref },
      when,
    );
    const row = await getDb().waitlistEntry.findUniqueOrThrow({ where: { email } });
    return { id: row.id, code: row.referralCode };
  }

  /** Confirms an entry the way its link does, so the database decides the referral's credit. */
  async function confirm(id: number, when: Date) {
    const token = newToken();
    await getDb().waitlistToken.create({
      data: {
        tokenHash: hashToken(token),
        entryId: id,
        purpose: "confirm",
        expiresAt: new Date(when.getTime() + 86_400_000),
      },
    });
    expect(await confirmWithToken(token, when)).toMatchObject({ status: "confirmed" });
  }

  /** A friend who joins through the code and confirms ten minutes later (credited, unless withheld). */
  async function friend(email: string, joined: string, code: string) {
    const { id } = await join(email, at(joined), code);
    await confirm(id, new Date(at(joined).getTime() + 600_000));
    return id;
  }

  const people: Record<string, { id: number; code: string }> = {};

  beforeEach(async () => {
    await resetDatabase();
    admin = await verifiedAdminFor(await insertAdmin({ email: "ada@example.com" }));
    // Seven referrers who joined and confirmed in January, and one who never confirmed.
    for (const name of ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal"]) {
      const email = name === "ann" ? "ann.smith@gmail.com" : `${name}@example.com`;
      people[name] = await join(email, at("2025-01-02T09:00:00Z"));
      if (name !== "hal") await confirm(people[name]!.id, at("2025-01-02T09:30:00Z"));
    }
    const code = (name: string) => people[name]!.code;
    // Ann: three credited in the last 7 days, one of them today. Each friend at a domain of their own: one
    // company domain brings a referrer one credited friend a day.
    await friend("a1@a1.example", "2025-03-08T12:00:00Z", code("ann"));
    await friend("a2@a2.example", "2025-03-08T13:00:00Z", code("ann"));
    await friend("a3@a3.example", "2025-03-10T08:00:00Z", code("ann"));
    // Bob: two in the last 7 days, three more earlier in the last 30.
    await friend("b1@b1.example", "2025-03-09T10:00:00Z", code("bob"));
    await friend("b2@b2.example", "2025-03-09T11:00:00Z", code("bob"));
    for (const n of [3, 4, 5]) await friend(`b${n}@b${n}.example`, "2025-02-20T10:00:00Z", code("bob"));
    // Cat: one credited a moment before the 7 days start (4 March, UTC), one just as they start.
    const early = await join("c1@c1.example", at("2025-03-03T23:40:00Z"), code("cat"));
    await confirm(early.id, at("2025-03-03T23:59:59.999Z"));
    const onTime = await join("c2@c2.example", at("2025-03-03T23:50:00Z"), code("cat"));
    await confirm(onTime.id, at("2025-03-04T00:00:00Z"));
    // Dan, Eve, Fay and Gus: one each in the last 7 days, which ties them behind Ann and Bob.
    for (const name of ["dan", "eve", "fay", "gus"])
      await friend(`${name}1@${name}1.example`, "2025-03-06T10:00:00Z", code(name));
    // Referred but not credited: Ann's own address written differently, a friend of Hal (never confirmed) and a
    // friend of Ann's who has not confirmed yet.
    await friend("annsmith+list@gmail.com", "2025-03-09T12:00:00Z", code("ann"));
    await friend("h1@h1.example", "2025-03-09T12:00:00Z", code("hal"));
    await join("a4@a4.example", at("2025-03-09T13:00:00Z"), code("ann"));
    // Signups nobody referred, confirmed or not.
    await confirm((await join("solo1@solo1.example", at("2025-03-07T10:00:00Z"))).id, at("2025-03-07T10:10:00Z"));
    await join("solo2@solo2.example", at("2025-03-10T07:00:00Z"));
  });

  // The plain queries the figures must equal, over the waitlist itself, days taken in UTC.
  async function reference(bounds: RangeBounds) {
    const count = async (where: string) =>
      (await withSql((sql) => sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "waitlist" WHERE ${where}`)))[0]!
        .n;
    const signups = await count(within("joinedAt", bounds.start, null));
    const confirmed = await count(`"confirmedAt" IS NOT NULL AND ${within("confirmedAt", bounds.start, null)}`);
    const credited = await count(
      `"referralCredit" = 'credited' AND ${within("referralCheckedAt", bounds.start, null)}`,
    );
    // A range counts its credited friends; all time, the credits kept on each referrer (never taken back).
    const topReferrers = await withSql((sql) =>
      sql.query<{ id: number; name: string; email: string; credited: number }>(
        bounds.start === null
          ? `SELECT "id", "name", "email", "referralCredits" AS "credited" FROM "waitlist" WHERE "referralCredits" > 0
             ORDER BY 4 DESC, 1 LIMIT ${TOP_REFERRERS}`
          : `SELECT r."id", r."name", r."email", count(*)::int AS "credited" FROM "waitlist" AS f JOIN "waitlist" AS r ON r."id" = f."referredById"
             WHERE f."referralCredit" = 'credited' AND ${within("referralCheckedAt", bounds.start, null).replaceAll('"referralCheckedAt"', 'f."referralCheckedAt"')}
             GROUP BY r."id" ORDER BY 4 DESC, 1 LIMIT ${TOP_REFERRERS}`,
      ),
    );
    return {
      signups,
      referred: await count(`"referredById" IS NOT NULL AND ${within("joinedAt", bounds.start, null)}`),
      confirmed,
      credited,
      viralFactor: confirmed === 0 ? null : credited / confirmed,
      topReferrers,
    };
  }

  async function expectReferralsToMatch() {
    for (const range of OVERVIEW_RANGES) {
      const bounds = rangeBounds(range, NOW);
      expect({ range, referrals: await overviewReferrals(admin, bounds) }).toEqual({
        range,
        referrals: await reference(bounds),
      });
    }
  }

  it("equals plain queries over the waitlist for every range", async () => {
    await expectReferralsToMatch();
  });

  it("counts the share of signups that came through a referral link, credited or not", async () => {
    const week = await overviewReferrals(admin, rangeBounds("7", NOW));
    // In the last 7 days: 14 signups (Cat's second friend joined on 3 March, before them); 12 came through a
    // link, including Ann's own other address, Hal's friend and Ann's unconfirmed friend.
    expect(week).toMatchObject({ signups: 14, referred: 12 });
    const all = await overviewReferrals(admin, rangeBounds("all", NOW));
    expect(all).toMatchObject({ signups: 27, referred: 17 });
  });

  it("lists the five entries with the most referrals credited in the range, most first, ties by who joined first", async () => {
    const names = async (range: "today" | "7" | "30" | "90" | "all") =>
      (await overviewReferrals(admin, rangeBounds(range, NOW))).topReferrers.map((r) => [r.name, r.credited]);
    expect(await names("today")).toEqual([["ann.smith", 1]]);
    // Cat's first friend was credited a moment before the 7 days began: only the second counts.
    expect(await names("7")).toEqual([
      ["ann.smith", 3],
      ["bob", 2],
      ["cat", 1],
      ["dan", 1],
      ["eve", 1],
    ]);
    expect(await names("30")).toEqual([
      ["bob", 5],
      ["ann.smith", 3],
      ["cat", 2],
      ["dan", 1],
      ["eve", 1],
    ]);
    const [first] = (await overviewReferrals(admin, rangeBounds("all", NOW))).topReferrers;
    expect(first).toEqual({ id: people.bob!.id, name: "bob", email: "bob@example.com", credited: 5 });
  });

  it("works out the viral factor as referrals credited per confirmation, both in the range", async () => {
    const week = await overviewReferrals(admin, rangeBounds("7", NOW));
    // Credited: Ann 3, Bob 2, Cat 1, Dan, Eve, Fay and Gus 1 each. Confirmed: those 10, Ann's other address,
    // Hal's friend and the signup nobody referred.
    expect(week).toMatchObject({ confirmed: 13, credited: 10 });
    expect(week.viralFactor).toBeCloseTo(10 / 13);
    const today = await overviewReferrals(admin, rangeBounds("today", NOW));
    expect(today).toMatchObject({ signups: 2, referred: 1, confirmed: 1, credited: 1, viralFactor: 1 });
  });

  it("says nothing came of referrals in a period without any", async () => {
    const nothing = { signups: 0, referred: 0, confirmed: 0, credited: 0, viralFactor: null, topReferrers: [] };
    const later = rangeBounds("7", new Date("2025-06-01T10:00:00Z"));
    expect(await overviewReferrals(admin, later)).toEqual(nothing);
    await resetDatabase();
    expect(await overviewReferrals(admin, rangeBounds("all", NOW))).toEqual(nothing);
  });

  it("stays exact as referrers and friends are erased", async () => {
    // Bob leaves: his friends no longer name a referrer, but their credit happened and still counts in the
    // viral factor.
    await deleteWaitlistEntry(admin, people.bob!.id);
    // One of Ann's friends leaves: that credit goes with them.
    const a1 = await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: "a1@a1.example" } });
    await deleteWaitlistEntry(admin, a1.id);
    await expectReferralsToMatch();
    const week = await overviewReferrals(admin, rangeBounds("7", NOW));
    expect(week).toMatchObject({ signups: 13, referred: 9, confirmed: 12, credited: 9 });
    expect(week.topReferrers.map((r) => [r.name, r.credited])).toEqual([
      ["ann.smith", 2],
      ["cat", 1],
      ["dan", 1],
      ["eve", 1],
      ["fay", 1],
    ]);
    // All time counts the credits Ann keeps (her place in line still has the one her friend earned her).
    const all = await overviewReferrals(admin, rangeBounds("all", NOW));
    expect(all.topReferrers.map((r) => [r.name, r.credited])).toEqual([
      ["ann.smith", 3],
      ["cat", 2],
      ["dan", 1],
      ["eve", 1],
      ["fay", 1],
    ]);
  });

  it("serves only an admin that requireAdmin verified", async () => {
    const forged = { id: 1, email: "x@example.com", name: "X" } as never;
    await expect(overviewReferrals(forged, rangeBounds("7", NOW))).rejects.toMatchObject({ status: 401 });
  });
});
