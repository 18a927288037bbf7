import { randomUUID } from "node:crypto";

import type { VerifiedAdmin } from "@/lib/auth/verified";
import { countSegment } from "@/lib/data/segments";
import { deleteWaitlistEntry } from "@/lib/data/waitlist/entry-actions";
import { deleteHeldEntries, releaseHeldEntries } from "@/lib/data/waitlist/held";
import { importBatch } from "@/lib/data/waitlist/import";
import { acceptInvitation, inviteEntries } from "@/lib/data/waitlist/invitations";
import { addWaitlistEntry, confirmWithToken, eraseWithLeaveToken } from "@/lib/data/waitlist/signups";
import { filterCondition } from "@/lib/data/waitlist/sql";
import { getDb, withSql } from "@/lib/db";
import { waitlistFilterSchema, type WaitlistFilter } from "@/lib/validation/waitlist-query";
import { insertAdmin, verifiedAdminFor } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";
import { tokenFromQueuedEmail } from "@/test/email-links";

// A segment's count by the fixed-choice filters is a sum the database keeps (waitlist_segment_counts). Every kind
// of write the list sees must leave those sums equal to counting the list itself: this walks through each and,
// after each, compares every combination, and a segment's count for a spread of filters with a COUNT(*) of
// the same filters on the list.
prepareTestDatabase();

const NOW = new Date("2026-03-02T10:00:00Z");
let admin: VerifiedAdmin;

beforeEach(async () => {
  await resetDatabase();
  admin = await verifiedAdminFor(await insertAdmin({ email: "ada@example.com" }));
});

const filterOf = (values: Record<string, string>) => waitlistFilterSchema.parse({ q: "", ...values }) as WaitlistFilter;

// Each filter the sums answer, alone and together, both ways where it has two.
const FILTERS: WaitlistFilter[] = (
  [
    { status: "waiting" },
    { status: "invited" },
    { status: "accepted" },
    { confirmed: "yes" },
    { confirmed: "no" },
    { type: "car" },
    { type: "cleaning", confirmed: "yes" },
    { size: "2-5" },
    { source: "news" },
    { source: "direct", size: "1" },
    { referrals: "yes" },
    { referrals: "no", held: "no" },
    { held: "yes" },
    { status: "waiting", confirmed: "yes", type: "car", size: "1", referrals: "no", held: "no", source: "direct" },
  ] as Record<string, string>[]
).map(filterOf);

/** Every combination's sum, against a count of the list by the same combination. */
async function combinations() {
  return withSql(async (sql) => {
    const key = `"status", "confirmed", "businessType", "employees", "source", "hasReferrals", "held"`;
    const kept = await sql.query<Record<string, unknown>>(
      `SELECT ${key}, sum("entries")::int AS "entries" FROM "waitlist_segment_counts"
        GROUP BY ${key} HAVING sum("entries") <> 0 ORDER BY ${key}`,
    );
    const counted = await sql.query<Record<string, unknown>>(
      `SELECT ${key}, count(*)::int AS "entries" FROM (
         SELECT "status", "confirmedAt" IS NOT NULL AS "confirmed", "businessType", "employees", "source",
                "referralCredits" > 0 AS "hasReferrals", "heldAt" IS NOT NULL AS "held" FROM "waitlist") AS w
        GROUP BY ${key} ORDER BY ${key}`,
    );
    return { kept, counted };
  });
}

/** Checks the sums after a write: every combination, and each filter's segment count against COUNT(*). */
async function expectExact(after: string) {
  const { kept, counted } = await combinations();
  expect({ after, sums: kept }).toEqual({ after, sums: counted });
  for (const filter of FILTERS) {
    const [direct] = await getDb().$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS "n" FROM "waitlist" WHERE ${filterCondition(filter)}`;
    expect({ after, filter, count: await countSegment(admin, filter) }).toEqual({ after, filter, count: direct!.n });
  }
}

async function signUp(
  name: string,
  options: { type?: "car" | "cleaning"; size?: "1" | "2-5"; held?: boolean; ref?: string; source?: string } = {},
) {
  await addWaitlistEntry(
    {
      name,
      email: `${name.toLowerCase()}@example.com`,
      businessType: options.type ?? "car",
      employees: options.size ?? "1",
      agreedToTerms: true,
      ref: options.ref,
      source: options.source ? { utmSource: options.source } : undefined,
    },
    NOW,
    options.held ? { heldReason: "missing" } : {},
  );
  const row = await getDb().waitlistEntry.findUniqueOrThrow({
    where: { email: `${name.toLowerCase()}@example.com` },
    select: { id: true, referralCode: true },
  });
  return row;
}

describe(`segment counts (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("match a count of the list after every kind of write", async () => {
    const ann = await signUp("Ann");
    const bob = await signUp("Bob", { type: "cleaning", size: "2-5", ref: ann.referralCode, source: "newsletter" });
    const cat = await signUp("Cat", { held: true });
    const dan = await signUp("Dan", { type: "cleaning" });
    await signUp("Ann"); // a repeat signup changes no combination
    await expectExact("signups");

    await confirmWithToken(await tokenFromQueuedEmail(ann.id, "confirmUrl"), NOW);
    await confirmWithToken(await tokenFromQueuedEmail(bob.id, "confirmUrl"), NOW); // credits Ann: she has referrals
    await expectExact("confirmations and a referral credit");

    await releaseHeldEntries(admin, [cat.id], NOW);
    await expectExact("a release");
    const eve = await signUp("Eve", { held: true });
    await deleteHeldEntries(admin, [eve.id], NOW);
    await expectExact("a held signup deleted");

    await inviteEntries(admin, { ids: [ann.id, dan.id], includeUnconfirmed: true }, "", NOW);
    await expectExact("invitations");
    await acceptInvitation(await tokenFromQueuedEmail(ann.id, "acceptUrl"), NOW);
    await expectExact("an acceptance");

    await importBatch(
      admin,
      {
        importId: randomUUID(),
        batch: 0,
        sendConfirmations: false,
        rows: [
          { line: 2, email: "fay@example.com", name: "Fay" },
          { line: 3, email: "gus@example.com", name: "Gus" },
        ],
      },
      NOW,
    );
    await expectExact("an import");

    // An edit of type and size, and a bulk statement over many rows at once, through the list's own table.
    await withSql((sql) =>
      sql.exec(`UPDATE "waitlist" SET "businessType" = 'beauty', "employees" = '6-10' WHERE "name" = 'Dan'`),
    );
    await withSql((sql) => sql.exec(`UPDATE "waitlist" SET "confirmedAt" = now() WHERE "confirmedAt" IS NULL`));
    await expectExact("edits and a bulk update");

    expect(await eraseWithLeaveToken(await tokenFromQueuedEmail(bob.id, "leaveUrl"))).toBe(true);
    expect(await deleteWaitlistEntry(admin, cat.id)).toBe(true);
    await expectExact("leaving and an erasure");

    await withSql((sql) => sql.exec(`TRUNCATE "waitlist" CASCADE`));
    await expectExact("the list emptied");
    expect(await countSegment(admin, filterOf({ status: "waiting" }))).toBe(0);
  });

  it("a search, a referrer or tags count the list itself, alone or beside a counted filter", async () => {
    const ann = await signUp("Ann");
    await signUp("Bob", { ref: ann.referralCode });
    await signUp("Cat", { type: "cleaning" });
    expect(await countSegment(admin, filterOf({ q: "bob", type: "car" }))).toBe(1);
    expect(await countSegment(admin, filterOf({ referredBy: ann.referralCode, status: "waiting" }))).toBe(1);
    expect(await countSegment(admin, filterOf({ tags: "vip", type: "car" }))).toBe(0);
  });
});
