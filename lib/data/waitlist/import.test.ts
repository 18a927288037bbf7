import { randomUUID } from "node:crypto";
import Papa from "papaparse";

import type { VerifiedAdmin } from "@/lib/auth/verified";
import { neutraliseFormula } from "@/lib/csv";
import { overviewBreakdown, rangeBounds } from "@/lib/data/overview";
import { deleteWaitlistEntry } from "@/lib/data/waitlist/entry-actions";
import { readWaitlistBatches, WAITLIST_CSV_HEADER, waitlistCsvRecord } from "@/lib/data/waitlist/export";
import { dryRunImportBatch, emailsOnList, finishImport, importBatch } from "@/lib/data/waitlist/import";
import { listWaitlistEntries } from "@/lib/data/waitlist/list";
import { addWaitlistEntry, countWaitlistEntries, eraseWithLeaveToken } from "@/lib/data/waitlist/signups";
import { normalisedEmail, suppressionHashes } from "@/lib/data/waitlist/suppression";
import { getDb } from "@/lib/db";
import { detectMapping, importRowOf, type ImportRow } from "@/lib/validation/import";
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
  const row = await insertAdmin({ email: "ada@example.com" });
  // Ada asked for an alert per signup: an import must still send her none.
  await getDb().adminUser.update({ where: { id: row.id }, data: { notify: "each" } });
  admin = await verifiedAdminFor(row);
});

const person = (line: number, email: string, extra: Partial<ImportRow> = {}): ImportRow => ({
  line,
  email,
  name: `Person ${line}`,
  businessType: "Cleaning",
  teamSize: "2 to 5",
  joinedAt: "2025-01-10 09:00:00",
  ...extra,
});

const run = (rows: ImportRow[], options: { importId?: string; batch?: number; sendConfirmations?: boolean } = {}) =>
  importBatch(
    admin,
    {
      importId: options.importId ?? randomUUID(),
      batch: options.batch ?? 0,
      rows,
      sendConfirmations: options.sendConfirmations ?? false,
    },
    NOW,
  );

const emails = async () =>
  (await getDb().waitlistEntry.findMany({ select: { email: true } })).map((e) => e.email).toSorted();

async function signUp(email: string) {
  await addWaitlistEntry(
    { name: "Already Here", email, businessType: "car", employees: "1", agreedToTerms: true },
    new Date("2026-02-01T00:00:00Z"),
  );
  return (await getDb().waitlistEntry.findUniqueOrThrow({ where: { email } })).id;
}

describe(`importing a list (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("dry run: counts new, already on the list, invalid (throwaway addresses too) and suppressed, storing nothing", async () => {
    await signUp("here@example.com");
    const leftId = await signUp("left@example.com");
    expect(await eraseWithLeaveToken(await tokenFromQueuedEmail(leftId, "leaveUrl"))).toBe(true);

    const result = await dryRunImportBatch(
      admin,
      [
        person(2, "new1@example.com"),
        person(3, "NEW2@example.com"),
        person(4, "here@example.com"),
        person(5, "left@example.com"),
        person(6, "not-an-email"),
        person(7, "someone@mailinator.com"),
        person(8, "size@example.com", { teamSize: "a few" }),
        person(9, "new1@example.com"),
      ],
      NOW,
    );
    expect(result).toMatchObject({ added: 2, existing: 2, invalid: 3, suppressed: 1 });
    expect(result.problems.map((problem) => problem.line)).toEqual([6, 7, 8]);
    expect(result.problems[1]!.errors[0]).toMatch(/throwaway/);
    expect(await emails()).toEqual(["here@example.com"]);
  });

  it("imports with the original times, waiting and never held, confirmed only when a time is given; existing entries untouched", async () => {
    const hereId = await signUp("here@example.com");
    const result = await run([
      person(2, "ann@example.com", { confirmedAt: "2025-01-11T08:00:00Z", utmSource: "Newsletter" }),
      person(3, "bob@example.com", { businessType: "plumber", teamSize: "more than 10" }),
      person(4, "here@example.com", { name: "Changed Name" }),
    ]);
    expect(result).toMatchObject({ added: 2, existing: 1, invalid: 0, suppressed: 0, repeated: false });
    const ann = await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: "ann@example.com" } });
    expect(ann).toMatchObject({
      joinedAt: new Date("2025-01-10T09:00:00Z"),
      consentedAt: new Date("2025-01-10T09:00:00Z"),
      confirmedAt: new Date("2025-01-11T08:00:00Z"),
      status: "waiting",
      heldAt: null,
      businessType: "cleaning",
      employees: "2-5",
      utmSource: "newsletter",
      source: "newsletter",
    });
    const bob = await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: "bob@example.com" } });
    // An imported row with no source column of its own counts as "import", never as "direct".
    expect(bob).toMatchObject({ confirmedAt: null, businessType: "trades", employees: "11+", source: "import" });
    expect((await getDb().waitlistEntry.findUniqueOrThrow({ where: { id: hereId } })).name).toBe("Already Here");
    expect(await countWaitlistEntries()).toBe(3);
  });

  it("a batch sent twice adds nothing the second time and answers the same counts", async () => {
    const importId = randomUUID();
    const rows = [person(2, "a@example.com"), person(3, "b@example.com"), person(4, "bad")];
    const first = await run(rows, { importId, batch: 0 });
    const second = await run(rows, { importId, batch: 0 });
    expect(first).toMatchObject({ added: 2, existing: 0, invalid: 1, repeated: false });
    expect(second).toMatchObject({ added: 2, existing: 0, invalid: 1, repeated: true });
    expect(await countWaitlistEntries()).toBe(2);
    const totals = await finishImport(admin, { importId, stopped: false, repeated: 0, sendConfirmations: false }, NOW);
    expect(totals).toMatchObject({ added: 2, existing: 0, invalid: 1, batches: 1, recorded: true });
  });

  it("two imports at once with the same people never make a duplicate", async () => {
    const rows = Array.from({ length: 300 }, (_, index) => person(index + 2, `p${index}@example.com`));
    const [one, two] = await Promise.all([run(rows.slice(0, 200)), run(rows.slice(100).toReversed())]);
    expect(one.added + two.added).toBe(300);
    expect(one.existing + two.existing).toBe(100);
    expect(await countWaitlistEntries()).toBe(300);
    expect(new Set(await emails()).size).toBe(300);
  });

  it("someone who left, or was deleted with 'never import again', is suppressed; a plain delete is not", async () => {
    const leftId = await signUp("a.nn@gmail.com");
    expect(await eraseWithLeaveToken(await tokenFromQueuedEmail(leftId, "leaveUrl"))).toBe(true);
    const goneId = await signUp("gone@example.com");
    expect(await deleteWaitlistEntry(admin, goneId, { suppress: true })).toBe(true);
    const plainId = await signUp("plain@example.com");
    expect(await deleteWaitlistEntry(admin, plainId)).toBe(true);

    // Only hashes are kept: no address appears in the table.
    const kept = await getDb().waitlistSuppression.findMany();
    expect(kept).toHaveLength(2);
    expect(JSON.stringify(kept)).not.toMatch(/@/);

    const result = await run([
      person(2, "ann@googlemail.com"),
      person(3, "GONE@example.com"),
      person(4, "plain@example.com"),
    ]);
    expect(result).toMatchObject({ added: 1, suppressed: 2 });
    expect(await emails()).toEqual(["plain@example.com"]);
    const audit = await getDb().auditLog.findMany({ where: { action: "waitlist.delete" }, orderBy: { id: "asc" } });
    expect(audit.map((entry) => entry.details)).toEqual([{ suppressed: true }, null]);
  });

  it("suppresses an address written another way (a +tag anywhere), and still matches a hash an earlier version wrote", async () => {
    const leftId = await signUp("ann@example.com");
    expect(await eraseWithLeaveToken(await tokenFromQueuedEmail(leftId, "leaveUrl"))).toBe(true);
    // Written before the list dropped +tags outside Gmail: the tagged address, lower-cased, was hashed as it was.
    const [, earlier] = suppressionHashes("Bob+News@Example.com");
    await getDb().waitlistSuppression.create({ data: { hash: earlier } });

    const result = await run([
      person(2, "ann+newsletter@example.com"),
      person(3, "bob+news@example.com"),
      person(4, "bob@example.com"),
    ]);
    expect(result).toMatchObject({ added: 1, suppressed: 2 });
    expect(await emails()).toEqual(["bob@example.com"]);
  });

  it("normalises an address as the referral rule's SQL does: one rule for the same mailbox", async () => {
    const addresses = [
      "Ann@Example.com",
      "ann+x@example.com",
      " a.nn+tag@GoogleMail.com ",
      "a.n.n@gmail.com",
      "a.nn@outlook.com",
      "a.nn+x+y@outlook.com",
      "+only@example.org",
    ];
    const rows = await getDb().$queryRaw<{ email: string; normalised: string }[]>`
      SELECT e AS "email", "waitlist_normalised_email"(trim(e)) AS "normalised" FROM unnest(${addresses}::text[]) AS e`;
    expect(rows.map((row) => normalisedEmail(row.email))).toEqual(rows.map((row) => row.normalised));
    expect(normalisedEmail("a.nn+x@googlemail.com")).toBe(normalisedEmail("ann@gmail.com"));
    expect(normalisedEmail("a.nn@outlook.com")).not.toBe(normalisedEmail("ann@outlook.com"));
  });

  it("queues no per-entry webhook and no email; one waitlist.imported event and one audit entry when it finishes", async () => {
    await getDb().webhook.create({ data: { url: "https://hooks.example.com/in", secret: "whsec_test" } });
    const importId = randomUUID();
    await run([person(2, "a@example.com"), person(3, "b@example.com", { confirmedAt: "2025-02-01" })], {
      importId,
      batch: 0,
    });
    await run([person(4, "c@example.com"), person(5, "bad")], { importId, batch: 1 });
    expect(await getDb().webhookDelivery.count()).toBe(0);
    expect(await getDb().emailOutbox.count()).toBe(0);

    const totals = await finishImport(
      admin,
      { importId, stopped: false, repeated: 2, sendConfirmations: false, fileName: "list.csv" },
      NOW,
    );
    expect(totals).toMatchObject({ added: 3, invalid: 1, batches: 2, recorded: true });
    // Finishing again records nothing more.
    expect(
      await finishImport(admin, { importId, stopped: false, repeated: 2, sendConfirmations: false }, NOW),
    ).toMatchObject({ added: 3, recorded: false });

    const deliveries = await getDb().webhookDelivery.findMany({ select: { event: true, payload: true } });
    expect(deliveries.map((delivery) => delivery.event)).toEqual(["waitlist.imported"]);
    expect((deliveries[0]!.payload as { data: unknown }).data).toEqual({
      added: 3,
      existing: 0,
      invalid: 1,
      suppressed: 0,
      stopped: false,
    });
    const audit = await getDb().auditLog.findMany({ where: { action: "waitlist.import" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({
      consent: "These people agreed to hear from us.",
      file: "list.csv",
      added: 3,
      invalid: 1,
      repeatedInFile: 2,
      sendConfirmations: false,
      stopped: false,
    });
    // A batch after the end is refused.
    await expect(run([person(6, "d@example.com")], { importId, batch: 2 })).rejects.toMatchObject({ status: 409 });

    // An ordinary signup afterwards still sends its webhook: the import's setting ended with its transaction.
    await signUp("later@example.com");
    expect((await getDb().webhookDelivery.findMany()).map((delivery) => delivery.event)).toContain("waitlist.signup");
  });

  it("sends confirmation emails only when asked, and only to unconfirmed new entries", async () => {
    const result = await run(
      [person(2, "a@example.com"), person(3, "b@example.com", { confirmedAt: "2025-01-12 10:00:00" })],
      { sendConfirmations: true },
    );
    expect(result.outboxIds).toHaveLength(1);
    const outbox = await getDb().emailOutbox.findMany({ select: { kind: true, to: true } });
    expect(outbox).toEqual([{ kind: "confirmation", to: "a@example.com" }]);
  });

  it("confirmed imported entries take their numbers in line in the order they confirmed", async () => {
    await run([
      person(2, "late@example.com", { confirmedAt: "2025-03-01T00:00:00Z" }),
      person(3, "early@example.com", { confirmedAt: "2025-01-15T00:00:00Z" }),
      person(4, "middle@example.com", { confirmedAt: "2025-02-01T00:00:00Z" }),
      person(5, "never@example.com"),
    ]);
    const line = await getDb().waitlistEntry.findMany({
      where: { confirmSeq: { not: null } },
      orderBy: { confirmSeq: "asc" },
      select: { email: true },
    });
    expect(line.map((entry) => entry.email)).toEqual(["early@example.com", "middle@example.com", "late@example.com"]);
  });

  // What an import cannot carry, so the second export differs from the first in these columns only:
  // - Status, Invited, Accepted: an imported person is waiting; an invitation is something this list sends.
  // - Place: worked out from the order of confirmation here and the referral credits, which an import does not bring.
  // - Referral code: each entry gets a new personal link code (the old one was this list's, and is unique to it).
  // - Referred by, Referrals: referrals link entries by id, which an import does not keep.
  // - Held, Held reason: an import is the team's own doing, so nobody imported is held for review.
  const NOT_CARRIED = new Set([
    "Status",
    "Invited",
    "Accepted",
    "Place",
    "Referral code",
    "Referred by",
    "Referrals",
    "Held",
    "Held reason",
    "Held reason (in words)",
  ]);

  it("keeps the overview honest: source 'import' (or the file's own), and 'Not given' for a missing team size in the list, CSV, filter and chart", async () => {
    await signUp("here@example.com");
    await run([
      person(2, "nat@example.com", { teamSize: undefined }),
      person(3, "ned@example.com", { teamSize: undefined, utmSource: "Newsletter" }),
      person(4, "sam@example.com"),
    ]);
    const all = rangeBounds("all", NOW);
    expect(await overviewBreakdown(admin, all, "source")).toEqual([
      { key: "import", signups: 2 },
      { key: "direct", signups: 1 },
      { key: "newsletter", signups: 1 },
    ]);
    // The chart lists "Not given" after the form's own sizes; nobody imported became "Just me".
    expect(await overviewBreakdown(admin, all, "employees")).toEqual([
      { key: "1", signups: 1 },
      { key: "2-5", signups: 1 },
      { key: "not-given", signups: 2 },
    ]);
    const notGiven = await listWaitlistEntries(admin, waitlistListQuerySchema.parse({ size: "not-given" }));
    expect(notGiven.entries.map((entry) => [entry.email, entry.employees, entry.source]).toSorted()).toEqual([
      ["nat@example.com", "not-given", "import"],
      ["ned@example.com", "not-given", "newsletter"],
    ]);
    const bySource = await listWaitlistEntries(admin, waitlistListQuerySchema.parse({ source: "import" }));
    expect(bySource.entries.map((entry) => entry.email).toSorted()).toEqual(["nat@example.com", "sam@example.com"]);
    const [header, ...records] = Papa.parse<string[]>(await exportCsv(), { skipEmptyLines: true }).data;
    const column = (name: string) => header!.indexOf(name);
    const sizes = Object.fromEntries(records.map((record) => [record[column("Email")], record[column("Team Size")]]));
    expect(sizes).toEqual({
      "here@example.com": "Just me",
      "nat@example.com": "Not given",
      "ned@example.com": "Not given",
      "sam@example.com": "2-5",
    });
  });

  it("tells the preview which of its addresses are already on the list, for admins with full rights only", async () => {
    await signUp("here@example.com");
    expect(await emailsOnList(admin, [" HERE@example.com ", "new@example.com", "nope", ""])).toEqual([
      "here@example.com",
    ]);
    const member = await verifiedAdminFor(await insertAdmin({ email: "mo@example.com", role: "member" }));
    await expect(emailsOnList(member, ["here@example.com"])).rejects.toThrow();
  });

  async function exportCsv(): Promise<string> {
    const query = waitlistExportQuerySchema.parse({});
    const lines = [Papa.unparse([[...WAITLIST_CSV_HEADER]])];
    for await (const batch of readWaitlistBatches(admin, query)) {
      // As the download writes them: a cell a spreadsheet would run as a formula starts with a '.
      lines.push(Papa.unparse(batch.map((row) => waitlistCsvRecord(row).map(neutraliseFormula))));
    }
    return lines.join("\r\n");
  }

  // Each record by header name, without the columns an import does not carry, in the order of their addresses.
  const carried = (csv: string) => {
    const [header, ...records] = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
    return csvByHeader([header!, ...records])
      .map((record) => Object.fromEntries(Object.entries(record).filter(([name]) => !NOT_CARRIED.has(name))))
      .toSorted((a, b) => a.Email!.localeCompare(b.Email!));
  };

  it("an export imports back with no mapping changes and nothing lost", async () => {
    const db = getDb();
    await db.waitlistEntry.create({
      data: {
        name: "=Ann Formula",
        email: "ann@example.com",
        businessType: "beauty",
        employees: "6-10",
        joinedAt: new Date("2025-05-01T08:09:10.123Z"),
        confirmedAt: new Date("2025-05-02T01:02:03.456Z"),
        utmSource: "newsletter",
        utmMedium: "email",
        utmCampaign: "Spring Launch",
        referrer: "news.example.com",
      },
    });
    await db.waitlistEntry.create({
      data: {
        name: "Bob Builder",
        email: "-bob@example.com",
        businessType: "trades",
        employees: "1",
        joinedAt: new Date("2024-12-31T23:59:59.999Z"),
        status: "invited",
        invitedAt: new Date("2025-06-01T00:00:00Z"),
      },
    });
    await db.waitlistEntry.create({
      data: {
        name: "Cat Other",
        email: "cat@example.com",
        businessType: "other",
        businessDescription: "Pet photography",
        employees: "11+",
        referrer: "x.example",
        joinedAt: new Date("2026-01-01T00:00:00Z"),
      },
    });
    const first = await exportCsv();

    await resetDatabase();
    admin = await verifiedAdminFor(await insertAdmin({ email: "ada@example.com" }));
    const [header, ...records] = Papa.parse<string[]>(first, { skipEmptyLines: true }).data;
    const mapping = detectMapping(header!);
    // Each field to the column of its name.
    const named = (index: number | null) => (index === null ? null : header![index]);
    expect(Object.fromEntries(Object.entries(mapping).map(([field, index]) => [field, named(index)]))).toMatchObject({
      name: "Name",
      email: "Email",
      businessType: "Business Type",
      businessDescription: "Business description",
      teamSize: "Team Size",
      joinedAt: "Joined",
      confirmedAt: "Confirmed",
      utmSource: "Source",
      utmMedium: "Medium",
      utmCampaign: "Campaign",
      referrer: "Referrer",
      firstName: null,
      lastName: null,
    });
    const result = await run(records.map((record, index) => importRowOf(record, mapping, index + 2)));
    expect(result).toMatchObject({ added: 3, invalid: 0, problems: [] });

    expect(carried(await exportCsv())).toEqual(carried(first));
  });
});
