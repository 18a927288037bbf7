import type { VerifiedAdmin } from "@/lib/auth/verified";
import { ANY_WAITLIST_COLUMNS, CSV_COLUMNS, WAITLIST_CSV_HEADER, waitlistApiRow } from "@/lib/data/waitlist/columns";
import { readWaitlistBatches, waitlistCsvRecord } from "@/lib/data/waitlist/export";
import { listWaitlistEntries, SEARCH_COUNT_LIMIT } from "@/lib/data/waitlist/list";
import { businessTypesMatching } from "@/lib/data/waitlist/sql";
import { withSql } from "@/lib/db";
import { escapeLike } from "@/lib/validation/list-filters";
import {
  WAITLIST_SORTS,
  waitlistListQuerySchema,
  type WaitlistExportQuery,
  type WaitlistSort,
} from "@/lib/validation/waitlist-query";
import { insertAdmin, verifiedAdminFor } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";
import { byHeader, exportRow, waitlistRow } from "@/test/waitlist-row";

prepareTestDatabase();

interface Seed {
  name: string;
  email: string;
  businessType?: string;
  employees?: string;
  joinedAt?: string;
}

async function seed(rows: Seed[]) {
  await withSql(async (sql) => {
    for (const row of rows) {
      await sql.query(
        `INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "joinedAt") VALUES ($1, $2, $3, $4, $5)`,
        [
          row.name,
          row.email,
          row.businessType ?? "other",
          row.employees ?? "1",
          row.joinedAt ?? "2025-03-01T12:00:00Z",
        ],
      );
    }
  });
}

/** `count` generated rows in one statement: names "Person 00001"…, joined one minute apart (later ids later). */
async function seedMany(count: number, options: { sameJoinedAt?: boolean; name?: string } = {}) {
  await withSql((sql) =>
    sql.query(
      `INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "joinedAt")
       SELECT COALESCE($2, 'Person ' || lpad(i::text, 5, '0')), 'person' || i || '@example.com',
              (ARRAY['trades','cleaning','beauty','car'])[1 + i % 4], '2-5',
              timestamptz '2025-01-01 00:00:00+00' + CASE WHEN $3 THEN interval '0' ELSE i * interval '1 minute' END
       FROM generate_series(1, $1::int) AS i`,
      [count, options.name ?? null, options.sameJoinedAt ?? false],
    ),
  );
}

// The admin the data functions act for, made afresh after each reset.
let admin: VerifiedAdmin;
const list = (params: Record<string, unknown> = {}) =>
  listWaitlistEntries(admin, waitlistListQuerySchema.parse(params));
const names = (page: { entries: { name: string }[] }) => page.entries.map((entry) => entry.name).sort();

async function collect(query: WaitlistExportQuery, batchSize: number) {
  const batches: number[][] = [];
  for await (const batch of readWaitlistBatches(admin, query, batchSize)) batches.push(batch.map((entry) => entry.id));
  return batches;
}

describe(`admin waitlist data (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  beforeEach(async () => {
    await resetDatabase();
    admin = await verifiedAdminFor(await insertAdmin({ email: "ada@example.com" }));
  });

  it("serves only an admin that requireAdmin verified: a hand-built one is refused before any read", async () => {
    const forged = { ...admin } as VerifiedAdmin;
    const query = waitlistListQuerySchema.parse({});
    await expect(listWaitlistEntries(forged, query)).rejects.toMatchObject({ status: 401 });
    expect(() => readWaitlistBatches(forged, query)).toThrow(expect.objectContaining({ status: 401 }));
  });

  describe("search", () => {
    beforeEach(() =>
      seed([
        { name: "Alice Smith", email: "alice@example.com", businessType: "cleaning" },
        { name: "alice lower", email: "al@example.org", businessType: "beauty" },
        { name: "Bob Builder", email: "bob@plumbing.co.uk", businessType: "trades" },
        { name: "Carla 100% Real", email: "carla_x@example.com", businessType: "car" },
        { name: "Dan Under_score", email: "dan@example.net", businessType: "handyman" },
        { name: "Ewa Back\\slash", email: "ewa@example.io", businessType: "tutoring" },
        { name: "ZOË Ünal", email: "zoe@example.de", businessType: "therapy" },
        { name: "Frank Other", email: "frank@example.com", businessType: "other" },
      ]),
    );

    it("matches names case-insensitively, as a substring", async () => {
      expect(names(await list({ q: "ALICE" }))).toEqual(["Alice Smith", "alice lower"].sort());
      expect(names(await list({ q: "ice sm" }))).toEqual(["Alice Smith"]);
      expect(names(await list({ q: "bUiLdEr" }))).toEqual(["Bob Builder"]);
    });

    it("matches emails case-insensitively, as a substring", async () => {
      expect(names(await list({ q: "PLUMBING.CO" }))).toEqual(["Bob Builder"]);
      expect(names(await list({ q: "@example.de" }))).toEqual(["ZOË Ünal"]);
    });

    it("matches the stored business type and the option labels people see", async () => {
      expect(names(await list({ q: "Cleaning" }))).toEqual(["Alice Smith"]);
      expect(names(await list({ q: "handy" }))).toEqual(["Dan Under_score"]);
      // Labels: "Car valeting & detailing", "Therapy & counselling", "Beauty & wellness", "Trades (plumbing, …)".
      expect(names(await list({ q: "valeting" }))).toEqual(["Carla 100% Real"]);
      expect(names(await list({ q: "COUNSELLING" }))).toEqual(["ZOË Ünal"]);
      expect(names(await list({ q: "wellness" }))).toEqual(["alice lower"]);
      expect(names(await list({ q: "electrical" }))).toEqual(["Bob Builder"]);
    });

    it("treats %, _ and \\ in the search as plain characters", async () => {
      expect(names(await list({ q: "%" }))).toEqual(["Carla 100% Real"]);
      expect(names(await list({ q: "100%" }))).toEqual(["Carla 100% Real"]);
      expect(names(await list({ q: "_" }))).toEqual(["Carla 100% Real", "Dan Under_score"].sort());
      expect(names(await list({ q: "b_b" }))).toEqual([]); // "_" as a wildcard would match "Bob"
      expect(names(await list({ q: "\\" }))).toEqual(["Ewa Back\\slash"]);
      expect(names(await list({ q: "%%" }))).toEqual([]);
      expect((await list({ q: "%" })).total).toBe(1);
    });

    it("matches non-ASCII text and ignores surrounding spaces", async () => {
      expect(names(await list({ q: "ZOË" }))).toEqual(["ZOË Ünal"]);
      expect(names(await list({ q: "zoë ü" }))).toEqual(["ZOË Ünal"]);
      expect(names(await list({ q: "  smith  " }))).toEqual(["Alice Smith"]);
    });

    it("answers an empty page with a zero total when nothing matches", async () => {
      const page = await list({ q: "no such person" });
      expect(page).toEqual({ entries: [], total: 0, totalIsExact: true, page: 1, pageSize: 50 });
    });

    it("returns every column of the list (WAITLIST_COLUMNS), and never the consent time", async () => {
      const [entry] = (await list({ q: "carla" })).entries;
      expect(entry).toEqual(
        waitlistRow({
          id: expect.any(Number),
          name: "Carla 100% Real",
          email: "carla_x@example.com",
          businessType: "car",
          employees: "1",
          joinedAt: new Date("2025-03-01T12:00:00Z"),
          status: "waiting",
          source: "direct",
          referralCode: expect.any(String),
        }),
      );
      expect(Object.keys(entry!).sort()).toEqual(ANY_WAITLIST_COLUMNS.map((column) => column.key).sort());
      // As the API answers it: times as ISO 8601, and the business type's label beside its value.
      expect(waitlistApiRow(entry!)).toMatchObject({
        joinedAt: "2025-03-01T12:00:00.000Z",
        confirmedAt: null,
        businessTypeLabel: "Car valeting & detailing",
      });
    });
  });

  it("escapes LIKE wildcards and maps searches to business types", () => {
    expect(escapeLike("50%_a\\b")).toBe("50\\%\\_a\\\\b");
    expect(businessTypesMatching("AR")).toEqual(["car"]);
    expect(businessTypesMatching("&")).toEqual(["beauty", "car", "therapy"]);
    expect(businessTypesMatching("   ")).toEqual([]);
  });

  describe("paging and totals", () => {
    it("pages through every entry exactly once, with the exact total", async () => {
      await seedMany(120);
      const pages = [
        await list({ page: 1 }),
        await list({ page: 2 }),
        await list({ page: 3 }),
        await list({ page: 4 }),
      ];
      expect(pages.map((page) => page.entries.length)).toEqual([50, 50, 20, 0]);
      for (const page of pages) {
        expect(page.total).toBe(120);
        expect(page.totalIsExact).toBe(true);
      }
      const ids = pages.flatMap((page) => page.entries.map((entry) => entry.id));
      expect(new Set(ids).size).toBe(120);
      expect((await list({ pageSize: 7, page: 3 })).entries.map((entry) => entry.name)).toEqual(
        ["00106", "00105", "00104", "00103", "00102", "00101", "00100"].map((n) => `Person ${n}`),
      );
    });

    it("counts the matches of a search, not the table", async () => {
      await seedMany(120);
      // 'Person 00010' … 'Person 00019'.
      const page = await list({ q: "person 0001", pageSize: 5 });
      expect(page.total).toBe(10);
      expect(page.totalIsExact).toBe(true);
      expect(page.entries).toHaveLength(5);
      expect((await list({ q: "cleaning" })).total).toBe(30);
    });

    it("caps the count of a broad search and says so", async () => {
      await seedMany(SEARCH_COUNT_LIMIT + 60);
      const first = await list({ q: "person" });
      expect(first.totalIsExact).toBe(false);
      expect(first.total).toBe(SEARCH_COUNT_LIMIT);
      expect(first.entries).toHaveLength(50);
      // Two pages further in, the remaining matches fit under the cap again: exact.
      const third = await list({ q: "person", page: 3 });
      expect(third.totalIsExact).toBe(true);
      expect(third.total).toBe(SEARCH_COUNT_LIMIT + 60);
      // No search: always exact, from the counter.
      expect(await list()).toMatchObject({ total: SEARCH_COUNT_LIMIT + 60, totalIsExact: true });
    });
  });

  describe("sorting", () => {
    beforeEach(() =>
      seed([
        { name: "Mona", email: "mona@example.com", joinedAt: "2025-02-01T00:00:00Z" },
        { name: "Abe", email: "abe@example.com", joinedAt: "2025-03-01T00:00:00Z" },
        { name: "Zed", email: "zed@example.com", joinedAt: "2025-01-01T00:00:00Z" },
        { name: "Abe", email: "abe2@example.com", joinedAt: "2025-03-01T00:00:00Z" },
      ]),
    );

    const emails = async (sort: WaitlistSort) => (await list({ sort })).entries.map((entry) => entry.email);

    it("puts the newest first by default, ties broken by id", async () => {
      expect((await list()).entries.map((entry) => entry.email)).toEqual([
        "abe2@example.com",
        "abe@example.com",
        "mona@example.com",
        "zed@example.com",
      ]);
      expect(await emails("joined_desc")).toEqual([
        "abe2@example.com",
        "abe@example.com",
        "mona@example.com",
        "zed@example.com",
      ]);
    });

    it("sorts by joined date ascending and by name either way", async () => {
      expect(await emails("joined_asc")).toEqual([
        "zed@example.com",
        "mona@example.com",
        "abe@example.com",
        "abe2@example.com",
      ]);
      expect(await emails("name_asc")).toEqual([
        "abe@example.com",
        "abe2@example.com",
        "mona@example.com",
        "zed@example.com",
      ]);
      expect(await emails("name_desc")).toEqual([
        "zed@example.com",
        "mona@example.com",
        "abe2@example.com",
        "abe@example.com",
      ]);
    });
  });

  describe("export batches", () => {
    it("reads every matching row once, in the list's order, for every sort", async () => {
      await seedMany(23);
      for (const sort of WAITLIST_SORTS) {
        const batches = await collect({ q: "", sort }, 5);
        expect(batches.map((batch) => batch.length)).toEqual([5, 5, 5, 5, 3]);
        const listed = (await list({ sort, pageSize: 200 })).entries.map((entry) => entry.id);
        expect(batches.flat()).toEqual(listed);
      }
      const cleaning = await collect({ q: "cleaning", sort: "joined_desc" }, 2);
      expect(cleaning.flat()).toEqual((await list({ q: "cleaning" })).entries.map((entry) => entry.id));
      expect(cleaning.flat()).toHaveLength(6);
    });

    it("never skips or repeats rows that share the sort key", async () => {
      await seedMany(10, { sameJoinedAt: true, name: "Same Name" });
      for (const sort of WAITLIST_SORTS) {
        const ids = (await collect({ q: "", sort }, 3)).flat();
        expect(ids).toHaveLength(10);
        expect(new Set(ids).size).toBe(10);
      }
    });

    it("yields nothing for an empty table, and stops on an exactly full last batch", async () => {
      expect(await collect({ q: "", sort: "joined_desc" }, 5)).toEqual([]);
      await seedMany(10);
      expect((await collect({ q: "", sort: "joined_desc" }, 5)).map((batch) => batch.length)).toEqual([5, 5]);
    });

    it("turns an exported row into the export's record: labels, and the times as read", () => {
      const record = (fields: Parameters<typeof exportRow>[0]) => byHeader(waitlistCsvRecord(exportRow(fields)));
      expect(WAITLIST_CSV_HEADER).toHaveLength(CSV_COLUMNS.length);
      expect(
        record({
          name: "Ann",
          email: "ann@example.com",
          businessType: "car",
          employees: "1",
          joinedAt: "2025-04-10T09:30:00.123Z",
          status: "waiting",
          referralCode: "abcd2345",
        }),
      ).toEqual({
        ...Object.fromEntries(WAITLIST_CSV_HEADER.map((name) => [name, ""])),
        Name: "Ann",
        Email: "ann@example.com",
        "Business Type": "Car valeting & detailing",
        "Team Size": "Just me",
        Joined: "2025-04-10T09:30:00.123Z",
        Status: "waiting",
        "Referral code": "abcd2345",
        Referrals: "0",
      });
      // What the signup's visit brought.
      expect(
        record({ utmSource: "newsletter", utmMedium: "email", utmCampaign: "Spring", referrer: "news.example" }),
      ).toMatchObject({ Source: "newsletter", Medium: "email", Campaign: "Spring", Referrer: "news.example" });
      // A confirmed entry in line, referred by someone, with two referrals of its own.
      expect(
        record({
          confirmedAt: "2025-04-11T08:00:00.000Z",
          place: 1234,
          referralCode: "wxyz6789",
          referredBy: "ann@example.com",
          referrals: 2,
          lineOrder: "42",
        }),
      ).toMatchObject({
        Confirmed: "2025-04-11T08:00:00.000Z",
        Place: "1234",
        "Referral code": "wxyz6789",
        "Referred by": "ann@example.com",
        Referrals: "2",
      });
      // Invited, then accepted.
      expect(
        record({ status: "accepted", invitedAt: "2025-04-12T08:00:00.000Z", acceptedAt: "2025-04-13T08:00:00.000Z" }),
      ).toMatchObject({
        Status: "accepted",
        Invited: "2025-04-12T08:00:00.000Z",
        Accepted: "2025-04-13T08:00:00.000Z",
      });
      // A signup held for review: when, and why.
      expect(
        record({ heldAt: "2025-04-10T09:30:00.123Z", heldReason: "missing", heldReasonText: "missing" }),
      ).toMatchObject({
        Held: "2025-04-10T09:30:00.123Z",
        "Held reason": "missing",
        // And beside it, after the others, the same reason in words.
        "Held reason (in words)":
          "Sent without the form's background check (a browser with JavaScript off, or a script)",
      });
      // What a visitor who chose Other said; and values no option knows, as stored.
      expect(record({ businessType: "other", businessDescription: "Dog grooming" })).toMatchObject({
        "Business Type": "Other",
        "Business description": "Dog grooming",
      });
      expect(record({ businessType: "legacy", employees: "50+" })).toMatchObject({
        "Business Type": "legacy",
        "Business description": "",
        "Team Size": "50+",
      });
    });

    it("reads join times as Date.toISOString writes them, in UTC to the millisecond", async () => {
      const times = [
        "2025-04-10T09:30:00.123Z",
        "2025-12-31T23:59:59.999Z",
        "2024-02-29T00:00:00.000Z",
        "1999-01-01T12:00:00.007Z",
      ];
      await seed(times.map((joinedAt, index) => ({ name: `T${index}`, email: `t${index}@example.com`, joinedAt })));
      const exported = (await collect({ q: "", sort: "joined_asc" }, 2)).flat();
      expect(exported).toHaveLength(4);
      const rows: string[] = [];
      for await (const batch of readWaitlistBatches(admin, { q: "", sort: "joined_asc" }, 3))
        rows.push(...batch.map((row) => row.joinedAt));
      expect(rows).toEqual([...times].sort());
    });
  });
});
