import { findSearchPage } from "@/lib/data/waitlist/search";
import { filterCanNarrowByTrigram, filterCondition, orderBy, trigramsCanNarrow } from "@/lib/data/waitlist/sql";
import { withSql } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { WAITLIST_SORTS, type WaitlistFilter, type WaitlistSort } from "@/lib/validation/waitlist-query";
import { prepareTestDatabase, resetDatabase } from "@/test/db";
import { waitlistRow } from "@/test/waitlist-row";

prepareTestDatabase();

// Names and emails where lower-casing is not plain ASCII, LIKE's own characters, and ties on both sort keys.
const PEOPLE: [name: string, email: string, businessType: string][] = [
  ["Zoë Smith", "zoe.smith@gmail.com", "cleaning"],
  ["ZOË SMITH", "zoe.smith.2@outlook.com", "car"],
  ["İlker Straße", "ilker@example.de", "trades"],
  ["ΣΊΣΥΦΟΣ Smithson", "sisyphus@example.gr", "therapy"],
  ["ǅemal Łukasz", "dzemal@example.pl", "beauty"],
  ["Carla 100% Real", "carla_x@example.com", "car"],
  ["Dan Under_score", "dan@example.net", "handyman"],
  ["Ewa Back\\slash", "ewa@example.io", "tutoring"],
  ["Oliver Jones", "oliver.jones.2@gmail.com", "other"],
  ["Oliver Jones", "oliver.jones.21@gmail.com", "other"],
];

// Every person three times over, joined in a few clusters so that pages, ties and walks all cross them.
async function seed() {
  await withSql(async (sql) => {
    for (let round = 0; round < 3; round++) {
      for (const [index, [name, email, businessType]] of PEOPLE.entries()) {
        const joinedAt = new Date(Date.UTC(2025, 0, 1 + ((index * 7 + round) % 5))).toISOString();
        await sql.query(
          `INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "joinedAt") VALUES ($1, $2, $3, '1', $4)`,
          [name, `${round}.${email}`, businessType, joinedAt],
        );
      }
    }
  });
}

/** What a search returned before the adaptive plans: one plain query for the page, one for the count. */
async function oracle(search: string | WaitlistFilter, sort: WaitlistSort, limit: number, offset: number, cap: number) {
  const where = filterCondition(typeof search === "string" ? { q: search } : search);
  const page = Prisma.sql`SELECT "id" FROM "waitlist" WHERE ${where} ORDER BY ${orderBy(sort)} LIMIT ${limit} OFFSET ${offset}`;
  const total = Prisma.sql`SELECT count(*)::int AS n FROM "waitlist" WHERE ${where}`;
  return withSql(async (sql) => {
    const ids = await sql.query<{ id: number }>(page.text, page.values);
    const [count] = await sql.query<{ n: number }>(total.text, total.values);
    return { ids: ids.map((row) => row.id), counted: Math.min(count?.n ?? 0, cap) };
  });
}

const SEARCHES = [
  "smith",
  "ZOË",
  "zoë smith",
  "straße",
  "i̇lker",
  "σίσυφος",
  "ǆemal",
  "łukasz",
  "%",
  "_",
  "\\",
  "100%",
  "r_s",
  "gmail",
  "valeting",
  "oliver.jones.2",
  "jo",
  "z",
  "no such person",
];

describe(`adaptive search pages (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  beforeAll(async () => {
    await resetDatabase();
    await seed();
  });

  it("returns the same page and count as a plain query, whichever path answers", async () => {
    // walkRows 1 and 7 force the fallbacks (trigram bitmap, or scan for short searches); 5,000 lets the walk answer.
    for (const walkRows of [1, 7, 5_000]) {
      for (const sort of WAITLIST_SORTS) {
        for (const search of SEARCHES) {
          for (const [limit, offset, cap] of [
            [4, 0, 1_001],
            [4, 4, 6],
            [50, 0, 3],
            [5, 100, 1_101],
          ] as const) {
            const expected = await oracle(search, sort, limit, offset, cap);
            const { rows, counted } = await findSearchPage({ q: search }, sort, limit, offset, cap, walkRows);
            const actual = { ids: rows.map((row) => row.id), counted };
            expect({ search, sort, walkRows, limit, offset, ...actual }).toEqual({
              search,
              sort,
              walkRows,
              limit,
              offset,
              ...expected,
            });
          }
        }
      }
    }
    // Close to fifteen hundred pages, each beside the plain query: longer than the usual limit on a busy machine.
  }, 120_000);

  it("finds invited and accepted entries through their own index, with the same page and count as a plain query", async () => {
    // Invite and accept some entries (oldest first, as a team would), then put everyone back.
    await withSql((sql) =>
      sql.exec(`UPDATE "waitlist" SET "status" = CASE WHEN "id" % 3 = 0 THEN 'accepted' ELSE 'invited' END, "confirmedAt" = CASE WHEN "id" % 2 = 0 THEN now() END
                WHERE "id" IN (SELECT "id" FROM "waitlist" ORDER BY "joinedAt", "id" LIMIT 20)`),
    );
    try {
      const filters: WaitlistFilter[] = [
        { q: "", status: "invited" },
        { q: "", status: "accepted" },
        { q: "", status: "accepted", confirmed: "yes" },
        { q: "", status: "invited", type: "car" },
        { q: "jo", status: "invited" },
        { q: "smith", status: "accepted" },
        { q: "", status: "accepted", confirmed: "no", type: "therapy" },
      ];
      for (const sort of WAITLIST_SORTS) {
        for (const filter of filters) {
          for (const [limit, offset, cap] of [
            [4, 0, 1_001],
            [4, 4, 6],
            [50, 0, 3],
            [5, 100, 1_101],
          ] as const) {
            const expected = await oracle(filter, sort, limit, offset, cap);
            const { rows, counted } = await findSearchPage(filter, sort, limit, offset, cap);
            expect({ filter, sort, limit, offset, ids: rows.map((row) => row.id), counted }).toEqual({
              filter,
              sort,
              limit,
              offset,
              ...expected,
            });
          }
        }
      }
    } finally {
      await withSql((sql) => sql.exec(`UPDATE "waitlist" SET "status" = 'waiting', "confirmedAt" = NULL`));
    }
  });

  it("returns whole rows: every column of the list", async () => {
    const { rows } = await findSearchPage({ q: "łukasz" }, "joined_desc", 1, 0, 10);
    expect(rows).toEqual([
      waitlistRow({
        id: expect.any(Number),
        name: "ǅemal Łukasz",
        email: expect.stringMatching(/dzemal@example\.pl$/),
        businessType: "beauty",
        employees: "1",
        joinedAt: expect.any(Date),
        status: "waiting",
        source: "direct",
        referralCode: expect.any(String),
      }),
    ]);
  });

  it("sends only searches with three letters or digits in a row to the trigram indexes", () => {
    expect(trigramsCanNarrow("smith")).toBe(true);
    expect(trigramsCanNarrow("zoë")).toBe(true);
    expect(trigramsCanNarrow("oliver.jones.2")).toBe(true);
    expect(trigramsCanNarrow("zq")).toBe(false);
    expect(trigramsCanNarrow("s.1")).toBe(false);
    expect(trigramsCanNarrow("%%%")).toBe(false);
  });

  it("lets a typed source narrow through its trigram index too", () => {
    expect(filterCanNarrowByTrigram({ q: "", source: "reddit" })).toBe(true);
    expect(filterCanNarrowByTrigram({ q: "zq", source: "reddit" })).toBe(true);
    expect(filterCanNarrowByTrigram({ q: "", source: "t.co" })).toBe(false);
    expect(filterCanNarrowByTrigram({ q: "" })).toBe(false);
  });
});
