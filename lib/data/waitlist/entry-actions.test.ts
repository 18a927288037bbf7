import { type VerifiedAdmin } from "@/lib/auth/verified";
import { deleteWaitlistEntry, resendConfirmation } from "@/lib/data/waitlist/entry-actions";
import { addWaitlistEntry } from "@/lib/data/waitlist/signups";
import { getDb } from "@/lib/db";
import { insertAdmin, verifiedAdminFor } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

// An entry's own actions write their audit entry in the statement that acts (auditInsertSql): the entry exists
// exactly when the action touched something, with who, what and on which entry.
prepareTestDatabase();

let ada: VerifiedAdmin;
const person = (email: string) => ({
  name: "Ann",
  email,
  businessType: "cleaning" as const,
  employees: "2-5" as const,
  agreedToTerms: true as const,
});
const idOf = async (email: string) =>
  (await getDb().waitlistEntry.findUniqueOrThrow({ where: { email }, select: { id: true } })).id;
const auditRows = () =>
  getDb().auditLog.findMany({
    where: { action: { in: ["waitlist.delete", "waitlist.resend_confirmation"] } },
    select: { adminId: true, adminEmail: true, action: true, target: true, details: true, at: true },
    orderBy: { id: "asc" },
  });

beforeEach(async () => {
  await resetDatabase();
  ada = await verifiedAdminFor(await insertAdmin({ email: "ada@example.com", name: "Ada" }));
});

describe("an entry's actions in the audit log", () => {
  it("records a deletion, and whether it joined the suppression list, only when an entry was deleted", async () => {
    await addWaitlistEntry(person("ann@example.com"));
    await addWaitlistEntry(person("bob@example.com"));
    const ann = await idOf("ann@example.com");
    const bob = await idOf("bob@example.com");

    expect(await deleteWaitlistEntry(ada, ann)).toBe(true);
    expect(await deleteWaitlistEntry(ada, bob, { suppress: true })).toBe(true);
    // Nothing left to delete: nothing recorded.
    expect(await deleteWaitlistEntry(ada, bob)).toBe(false);

    expect(await auditRows()).toEqual([
      expect.objectContaining({
        adminId: ada.id,
        adminEmail: "ada@example.com",
        action: "waitlist.delete",
        target: `entry:${ann}`,
        details: null,
      }),
      expect.objectContaining({ action: "waitlist.delete", target: `entry:${bob}`, details: { suppressed: true } }),
    ]);
  });

  it("records an admin's resend of a confirmation at the time it was sent, and nothing when none was", async () => {
    const joined = new Date("2026-03-02T10:00:00Z");
    await addWaitlistEntry(person("ann@example.com"), joined);
    const ann = await idOf("ann@example.com");

    // Within ten minutes of the first link, nothing is sent and nothing recorded.
    expect(await resendConfirmation(ada, ann, new Date(joined.getTime() + 60_000))).toBe("too-soon");
    const later = new Date(joined.getTime() + 11 * 60_000);
    expect(typeof (await resendConfirmation(ada, ann, later))).toBe("number");

    expect(await auditRows()).toEqual([
      {
        adminId: ada.id,
        adminEmail: "ada@example.com",
        action: "waitlist.resend_confirmation",
        target: `entry:${ann}`,
        details: null,
        at: later,
      },
    ]);
  });
});
