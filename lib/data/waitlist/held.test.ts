import type { VerifiedAdmin } from "@/lib/auth/verified";
import { countHeldEntries, deleteHeldEntries, releaseHeldEntries } from "@/lib/data/waitlist/held";
import { addWaitlistEntry, countWaitlistEntries } from "@/lib/data/waitlist/signups";
import { getDb } from "@/lib/db";
import { insertAdmin, verifiedAdminFor } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

const NOW = new Date("2026-03-02T10:00:00Z");
const LATER = new Date("2026-03-02T11:00:00Z");
let admin: VerifiedAdmin;
let adminId: number;

beforeEach(async () => {
  await resetDatabase();
  const row = await insertAdmin({ email: "ada@example.com" });
  adminId = row.id;
  // Ada asked for an alert per signup: a held signup sends her none; released by a proven signup of its
  // address, it does; released by the team itself, it does not.
  await getDb().adminUser.update({ where: { id: row.id }, data: { notify: "each" } });
  admin = await verifiedAdminFor(row);
});

/** Signs people up, held (no proof of work) unless told otherwise; returns their ids by name. */
async function signUp(people: { name: string; held?: boolean }[]): Promise<Record<string, number>> {
  for (const person of people) {
    await addWaitlistEntry(
      {
        name: person.name,
        email: `${person.name.toLowerCase()}@example.com`,
        businessType: "car",
        employees: "1",
        agreedToTerms: true,
      },
      NOW,
      person.held === false ? {} : { heldReason: "missing" },
    );
  }
  const rows = await getDb().waitlistEntry.findMany({ select: { id: true, name: true } });
  return Object.fromEntries(rows.map((row) => [row.name, row.id]));
}

/** The outbox, as who was sent what (sorted: the alerts of a signup are queued before its confirmation). */
const outbox = async () =>
  (await getDb().emailOutbox.findMany({ select: { kind: true, to: true } }))
    .map((email) => `${email.kind} ${email.to}`)
    .toSorted();

const audit = () =>
  getDb().auditLog.findMany({
    orderBy: { id: "asc" },
    select: { action: true, adminId: true, target: true, details: true },
  });

describe(`held signups (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("a held signup is stored but sent nothing and counted nowhere but the held figure", async () => {
    await signUp([{ name: "Ann" }, { name: "Cat", held: false }]);
    expect(await outbox()).toEqual(["confirmation cat@example.com", "signup-alert ada@example.com"]);
    expect(await countWaitlistEntries()).toBe(1);
    expect(await countHeldEntries()).toBe(1);
  });

  it("releases held entries: one confirmation email each (no alert: the team did it), counted from now, one audit entry; others are skipped", async () => {
    const ids = await signUp([{ name: "Ann" }, { name: "Bob" }, { name: "Cat", held: false }]);
    const before = await getDb().emailOutbox.findMany({ select: { id: true } });

    const result = await releaseHeldEntries(admin, [ids.Ann!, ids.Bob!, ids.Cat!, 999_999], LATER);
    expect(result.released).toBe(2);
    expect(result.outboxIds).toHaveLength(2);

    const added = await getDb().emailOutbox.findMany({
      where: { id: { notIn: before.map((email) => email.id) } },
      select: { kind: true, to: true },
    });
    expect(added.map((email) => `${email.kind} ${email.to}`).toSorted()).toEqual([
      "confirmation ann@example.com",
      "confirmation bob@example.com",
    ]);
    // The ids returned are the confirmation emails, to be sent at once.
    const queued = await getDb().emailOutbox.findMany({ where: { id: { in: result.outboxIds } } });
    expect(queued.map((email) => `${email.kind} ${email.to}`).toSorted()).toEqual([
      "confirmation ann@example.com",
      "confirmation bob@example.com",
    ]);
    expect(await countWaitlistEntries()).toBe(3);
    expect(await countHeldEntries()).toBe(0);
    const ann = await getDb().waitlistEntry.findUniqueOrThrow({ where: { id: ids.Ann! } });
    expect(ann).toMatchObject({ heldAt: null, heldReason: null, confirmationSentAt: LATER, joinedAt: NOW });
    expect(await audit()).toEqual([{ action: "waitlist.release", adminId, target: null, details: { released: 2 } }]);

    // A second click, or another admin's, does nothing twice.
    const again = await releaseHeldEntries(admin, [ids.Ann!, ids.Bob!], LATER);
    expect(again).toEqual({ released: 0, outboxIds: [] });
    expect(await outbox()).toHaveLength(before.length + 2);
    expect(await countWaitlistEntries()).toBe(3);
    expect(await audit()).toHaveLength(1);
  });

  it("is released by a proven signup of its address, with its confirmation and the alert it never had", async () => {
    await signUp([{ name: "Ann" }]);
    await signUp([{ name: "Ann", held: false }]);
    expect(await outbox()).toEqual(["confirmation ann@example.com", "signup-alert ada@example.com"]);
    expect(await countWaitlistEntries()).toBe(1);
    expect(await countHeldEntries()).toBe(0);
    expect(await audit()).toEqual([]);
  });

  it("names the entry in the audit log when it releases one", async () => {
    const ids = await signUp([{ name: "Ann" }]);
    expect((await releaseHeldEntries(admin, [ids.Ann!], LATER)).released).toBe(1);
    expect(await audit()).toEqual([
      { action: "waitlist.release", adminId, target: `entry:${ids.Ann}`, details: { released: 1 } },
    ]);
  });

  it("deletes only held entries, with one audit entry, and nothing twice", async () => {
    const ids = await signUp([{ name: "Ann" }, { name: "Bob" }, { name: "Dan" }, { name: "Cat", held: false }]);

    expect(await deleteHeldEntries(admin, [ids.Ann!, ids.Bob!, ids.Cat!], LATER)).toBe(2);
    const left = await getDb().waitlistEntry.findMany({ orderBy: { id: "asc" }, select: { name: true } });
    expect(left.map((row) => row.name)).toEqual(["Dan", "Cat"]);
    expect(await countHeldEntries()).toBe(1);
    expect(await countWaitlistEntries()).toBe(1);
    // Cat's own emails stay: an ordinary entry is erased from its page, not here.
    expect(await outbox()).toEqual(["confirmation cat@example.com", "signup-alert ada@example.com"]);
    expect(await audit()).toEqual([{ action: "waitlist.delete_held", adminId, target: null, details: { deleted: 2 } }]);

    expect(await deleteHeldEntries(admin, [ids.Ann!, ids.Cat!], LATER)).toBe(0);
    expect(await audit()).toHaveLength(1);

    expect(await deleteHeldEntries(admin, [ids.Dan!], LATER)).toBe(1);
    const entries = await audit();
    expect(entries[1]).toEqual({
      action: "waitlist.delete_held",
      adminId,
      target: `entry:${ids.Dan}`,
      details: { deleted: 1 },
    });
    expect(await countHeldEntries()).toBe(0);
  });
});
