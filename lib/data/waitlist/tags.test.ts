import { randomUUID } from "node:crypto";

import type { VerifiedAdmin } from "@/lib/auth/verified";
import { deleteWaitlistEntry } from "@/lib/data/waitlist/entry-actions";
import { readWaitlistBatches, WAITLIST_CSV_HEADER, waitlistCsvRecord } from "@/lib/data/waitlist/export";
import { importBatch } from "@/lib/data/waitlist/import";
import { inviteEntries } from "@/lib/data/waitlist/invitations";
import { listWaitlistEntries } from "@/lib/data/waitlist/list";
import { addNote } from "@/lib/data/waitlist/notes";
import { addWaitlistEntry, confirmWithToken, eraseWithLeaveToken } from "@/lib/data/waitlist/signups";
import { editTags, entryTags, knownTags, TOO_MANY_TAGS_MESSAGE } from "@/lib/data/waitlist/tags";
import { getDb, withSql } from "@/lib/db";
import { tagEditSchema, type TagEditInput } from "@/lib/validation/tag-edit";
import { TAGS_PER_ENTRY } from "@/lib/validation/tags";
import { waitlistExportQuerySchema, waitlistListQuerySchema } from "@/lib/validation/waitlist-query";
import { insertAdmin, verifiedAdminFor } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";
import { tokenFromQueuedEmail } from "@/test/email-links";
import { csvByHeader } from "@/test/waitlist-row";

prepareTestDatabase();

const NOW = new Date("2026-03-02T10:00:00Z");
let admin: VerifiedAdmin;

beforeEach(async () => {
  await resetDatabase();
  admin = await verifiedAdminFor(await insertAdmin({ email: "ada@example.com" }));
});

/** Signs people up (confirmed unless told otherwise); returns their ids by first name. */
async function signUp(
  people: { name: string; type?: "car" | "cleaning"; confirmed?: boolean }[],
): Promise<Record<string, number>> {
  for (const person of people) {
    await addWaitlistEntry(
      {
        name: person.name,
        email: `${person.name.toLowerCase()}@example.com`,
        businessType: person.type ?? "car",
        employees: "1",
        agreedToTerms: true,
      },
      NOW,
    );
  }
  const rows = await getDb().waitlistEntry.findMany({ select: { id: true, name: true } });
  const ids = Object.fromEntries(rows.map((row) => [row.name, row.id]));
  for (const person of people) {
    if (person.confirmed !== false)
      await confirmWithToken(await tokenFromQueuedEmail(ids[person.name]!, "confirmUrl"), NOW);
  }
  return ids;
}

/** A tag edit as the route reads it (the request's own schema), then applied. */
const edit = (body: TagEditInput) => editTags(admin, tagEditSchema.parse(body), NOW);

const listNames = async (params: Record<string, string>) =>
  (await listWaitlistEntries(admin, waitlistListQuerySchema.parse(params))).entries
    .map((entry) => entry.name)
    .toSorted();

async function exportRecords(params: Record<string, string>) {
  const records: string[][] = [[...WAITLIST_CSV_HEADER]];
  for await (const batch of readWaitlistBatches(admin, waitlistExportQuerySchema.parse(params))) {
    for (const row of batch) records.push(waitlistCsvRecord(row));
  }
  return csvByHeader(records);
}

const tagAudit = () =>
  getDb().auditLog.findMany({ where: { action: "waitlist.tag" }, select: { target: true, details: true } });

describe(`tags on entries (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("tags a selection by id in one edit, case-insensitively, with one audit entry; tagging again changes nothing", async () => {
    const ids = await signUp([{ name: "Ann" }, { name: "Bob" }, { name: "Cat" }, { name: "Dan" }]);
    const chosen = [ids.Ann!, ids.Bob!, ids.Cat!];
    expect(await edit({ ids: chosen, add: ["London", " CLEANERS  now "] })).toEqual({
      matched: 3,
      tagged: 3,
      untagged: 0,
      full: 0,
    });
    expect(await entryTags(admin, ids.Ann!)).toEqual(["cleaners now", "london"]);
    expect(await entryTags(admin, ids.Dan!)).toEqual([]);
    expect(await knownTags(admin)).toEqual(["cleaners now", "london"]);
    expect(await tagAudit()).toEqual([
      {
        target: null,
        details: {
          added: ["london", "cleaners now"],
          removed: [],
          tagged: 3,
          untagged: 0,
          full: 0,
          by: "selection",
        },
      },
    ]);

    // "london" in any case is the same tag: nothing new, and no second audit entry.
    expect(await edit({ ids: chosen, add: ["LONDON"] })).toMatchObject({ tagged: 0 });
    expect(await tagAudit()).toHaveLength(1);

    expect(await edit({ ids: [ids.Bob!], remove: ["london"] })).toMatchObject({ matched: 1, untagged: 1 });
    expect(await entryTags(admin, ids.Bob!)).toEqual(["cleaners now"]);
    expect((await tagAudit())[1]?.target).toBe(`entry:${ids.Bob}`);
  });

  it("tags everything a filter matches, and only that", async () => {
    const ids = await signUp([{ name: "Ann", type: "cleaning" }, { name: "Bob" }, { name: "Cat", type: "cleaning" }]);
    expect(await edit({ filter: { q: "", type: "cleaning" }, add: ["cleaners"] })).toMatchObject({
      matched: 2,
      tagged: 2,
    });
    expect(await entryTags(admin, ids.Bob!)).toEqual([]);
    // A filter on a tag itself: everyone tagged "cleaners" is also tagged "london".
    await edit({ filter: { q: "", tags: "cleaners" }, add: ["london"] });
    expect(await entryTags(admin, ids.Cat!)).toEqual(["cleaners", "london"]);
    expect((await tagAudit())[0]?.details).toMatchObject({ by: "filter" });
  });

  it(`holds an entry to ${TAGS_PER_ENTRY} tags: one entry is refused and unchanged, a selection skips the full ones`, async () => {
    const ids = await signUp([{ name: "Ann" }, { name: "Bob" }]);
    const many = Array.from({ length: TAGS_PER_ENTRY }, (_, index) => `tag ${index + 1}`);
    await edit({ ids: [ids.Ann!], add: many });
    // Taking one off and putting another on fits; two more on one entry does not, and nothing changes.
    await expect(edit({ ids: [ids.Ann!], add: ["extra"], remove: ["tag 1"] })).resolves.toMatchObject({ tagged: 1 });
    await expect(edit({ ids: [ids.Ann!], add: ["more"], remove: ["tag 2"] })).resolves.toMatchObject({ tagged: 1 });
    await expect(edit({ ids: [ids.Ann!], add: ["one too many"], remove: ["missing"] })).rejects.toMatchObject({
      status: 422,
      message: TOO_MANY_TAGS_MESSAGE,
    });
    expect(await entryTags(admin, ids.Ann!)).toHaveLength(TAGS_PER_ENTRY);
    expect(await entryTags(admin, ids.Ann!)).not.toContain("one too many");

    expect(await edit({ ids: [ids.Ann!, ids.Bob!], add: ["vip"] })).toMatchObject({ tagged: 1, full: 1 });
    expect(await entryTags(admin, ids.Bob!)).toEqual(["vip"]);
  });

  it("the tag filter keeps entries with any of the tags, or with all of them, in the list, the export and invitations", async () => {
    const ids = await signUp([{ name: "Ann" }, { name: "Bob" }, { name: "Cat" }, { name: "Dan" }]);
    await edit({ ids: [ids.Ann!, ids.Bob!], add: ["london"] });
    await edit({ ids: [ids.Bob!, ids.Cat!], add: ["cleaners"] });

    expect(await listNames({ tags: "London, cleaners" })).toEqual(["Ann", "Bob", "Cat"]);
    expect(await listNames({ "tags-all": "cleaners,LONDON" })).toEqual(["Bob"]);
    expect(await listNames({ tags: "nobody-has-this" })).toEqual([]);
    expect(await listNames({ tags: "london", q: "ann" })).toEqual(["Ann"]);

    const exported = await exportRecords({ "tags-all": "london, cleaners" });
    expect(exported.map((record) => record.Name)).toEqual(["Bob"]);
    // The Tags column, read by its header: alphabetical, comma-separated; empty without tags.
    expect(exported[0]!.Tags).toBe("cleaners, london");
    const everyone = await exportRecords({});
    expect(Object.fromEntries(everyone.map((record) => [record.Name, record.Tags]))).toEqual({
      Ann: "london",
      Bob: "cleaners, london",
      Cat: "cleaners",
      Dan: "",
    });

    const invited = await inviteEntries(admin, { filter: { q: "", tags: "cleaners" }, limit: 10 }, "", NOW);
    expect(invited.invited).toBe(2);
    const statuses = await getDb().waitlistEntry.findMany({ where: { status: "invited" }, select: { name: true } });
    expect(statuses.map((row) => row.name).toSorted()).toEqual(["Bob", "Cat"]);
  });

  it("a tag edit leaves the waiting list's own row, its counters and daily sums alone: its triggers never run", async () => {
    const ids = await signUp([{ name: "Ann" }, { name: "Bob", confirmed: false }]);
    const snapshot = () =>
      withSql(async (sql) => ({
        counter: await sql.query(`SELECT * FROM "waitlist_counter" ORDER BY "slot"`),
        daily: await sql.query(`SELECT * FROM "waitlist_daily" ORDER BY 1, 2, 3, 4, 5`),
        events: await sql.query(`SELECT * FROM "waitlist_daily_events" ORDER BY 1, 2`),
        buckets: await sql.query(`SELECT * FROM "waitlist_line_buckets" ORDER BY 1, 2`),
        rows: await sql.query(`SELECT xmin::text, * FROM "waitlist" ORDER BY "id"`),
      }));
    const before = await snapshot();
    await edit({ ids: [ids.Ann!, ids.Bob!], add: ["london"] });
    await edit({ ids: [ids.Ann!], remove: ["london"] });
    // Not even a row version of "waitlist" changed (xmin is the transaction that last wrote each row).
    expect(await snapshot()).toEqual(before);
    // The tags' own table has no triggers of its own (its foreign key's checks are PostgreSQL's internal ones).
    const triggers = await withSql((sql) =>
      sql.query(`SELECT tgname FROM pg_trigger WHERE tgrelid = '"waitlist_tags"'::regclass AND NOT tgisinternal`),
    );
    expect(triggers).toEqual([]);
  });

  it("sends waitlist.tagged and waitlist.untagged only to the webhooks that asked for them", async () => {
    const ids = await signUp([{ name: "Ann" }, { name: "Bob" }]);
    const quiet = await getDb().webhook.create({ data: { url: "https://quiet.example.com/hook", secret: "whsec_a" } });
    const asked = await getDb().webhook.create({
      data: { url: "https://asked.example.com/hook", secret: "whsec_b", tagEvents: true },
    });
    await getDb().webhookDelivery.deleteMany({});
    await edit({ ids: [ids.Ann!, ids.Bob!], add: ["london", "vip"] });
    await edit({ ids: [ids.Ann!], remove: ["vip"] });
    const deliveries = await getDb().webhookDelivery.findMany({
      orderBy: { id: "asc" },
      select: { webhookId: true, entryId: true, event: true, payload: true },
    });
    expect(deliveries.filter((delivery) => delivery.webhookId === quiet.id)).toEqual([]);
    expect(deliveries.map((delivery) => [delivery.event, delivery.entryId])).toEqual(
      expect.arrayContaining([
        ["waitlist.tagged", ids.Ann],
        ["waitlist.tagged", ids.Bob],
        ["waitlist.untagged", ids.Ann],
      ]),
    );
    expect(deliveries).toHaveLength(3);
    const untagged = deliveries.find((delivery) => delivery.event === "waitlist.untagged")!;
    expect(untagged.webhookId).toBe(asked.id);
    expect(untagged.payload).toMatchObject({
      type: "waitlist.untagged",
      data: { entry: { id: ids.Ann, email: "ann@example.com" }, tags: ["vip"] },
    });
  });

  it("an import's TAGS column (Mailchimp's shape) tags the entries it adds", async () => {
    await importBatch(
      admin,
      {
        importId: randomUUID(),
        batch: 0,
        sendConfirmations: false,
        rows: [
          { line: 2, email: "eve@example.com", name: "Eve", tags: '"Customer","VIP"' },
          { line: 3, email: "fay@example.com", name: "Fay", tags: "london, Cleaners" },
          { line: 4, email: "gus@example.com", name: "Gus" },
          { line: 5, email: "hal@example.com", name: "Hal", tags: "x".repeat(41) },
        ],
      },
      NOW,
    );
    const tagsOf = async (email: string) => {
      const entry = await getDb().waitlistEntry.findUnique({ where: { email }, select: { id: true } });
      return entry ? entryTags(admin, entry.id) : null;
    };
    expect(await tagsOf("eve@example.com")).toEqual(["customer", "vip"]);
    expect(await tagsOf("fay@example.com")).toEqual(["cleaners", "london"]);
    expect(await tagsOf("gus@example.com")).toEqual([]);
    // A tag past 40 characters makes the row invalid, as any other field that breaks the rules.
    expect(await tagsOf("hal@example.com")).toBeNull();
  });

  it("leaving through the leave link, or an admin's delete, takes the entry's tags and notes with it", async () => {
    const ids = await signUp([{ name: "Ann" }, { name: "Bob" }, { name: "Cat" }]);
    await edit({ ids: [ids.Ann!, ids.Bob!, ids.Cat!], add: ["london"] });
    for (const id of [ids.Ann!, ids.Bob!, ids.Cat!]) await addNote(admin, id, "Called them: keen to start.");

    expect(await eraseWithLeaveToken(await tokenFromQueuedEmail(ids.Ann!, "leaveUrl"))).toBe(true);
    expect(await deleteWaitlistEntry(admin, ids.Bob!)).toBe(true);

    const left = await getDb().waitlistTag.findMany({ select: { entryId: true } });
    expect(left.map((row) => row.entryId)).toEqual([ids.Cat]);
    const notes = await getDb().waitlistNote.findMany({ select: { entryId: true } });
    expect(notes.map((row) => row.entryId)).toEqual([ids.Cat]);
  });

  it("a viewer may not change tags", async () => {
    const ids = await signUp([{ name: "Ann" }]);
    const viewer = await verifiedAdminFor(await insertAdmin({ email: "vic@example.com", role: "viewer" }));
    await expect(editTags(viewer, tagEditSchema.parse({ ids: [ids.Ann!], add: ["x"] }))).rejects.toMatchObject({
      status: 403,
    });
    expect(await entryTags(admin, ids.Ann!)).toEqual([]);
  });
});
