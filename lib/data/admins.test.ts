import { TEST_PASSWORD, insertAdmin } from "@/lib/auth/test-support";
import {
  AdminEmailTakenError,
  AdminNotFoundError,
  AdminSessionEndedError,
  LastActiveAdminError,
  addAdmin,
  listAdmins,
  setAdminStatus,
  verifyAdminCredentials,
  type PublicAdmin,
} from "@/lib/data/admins";
import { getDb } from "@/lib/db";
import { resetDatabase, useTestDatabase } from "@/test/db";

useTestDatabase();

let ada: PublicAdmin;
let grace: PublicAdmin;

beforeEach(async () => {
  await resetDatabase();
  const { sessionVersion: _a, ...adaRow } = await insertAdmin({ email: "ada@example.com", name: "Ada" });
  const { sessionVersion: _g, ...graceRow } = await insertAdmin({ email: "grace@example.com", name: "Grace" });
  const rows = await getDb().adminUser.findMany({ select: { id: true, createdAt: true }, orderBy: { id: "asc" } });
  ada = { ...adaRow, createdAt: rows[0]!.createdAt };
  grace = { ...graceRow, createdAt: rows[1]!.createdAt };
});

describe(`admin data functions (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("check the acting admin themselves: a deactivated actor can neither list, create nor change status", async () => {
    await getDb().adminUser.update({ where: { id: ada.id }, data: { isActive: false } });
    await expect(listAdmins(ada)).rejects.toBeInstanceOf(AdminSessionEndedError);
    await expect(addAdmin(ada, { name: "Eve", email: "eve@example.com", password: "password-123" })).rejects.toBeInstanceOf(AdminSessionEndedError);
    await expect(setAdminStatus(ada, grace.id, false)).rejects.toBeInstanceOf(AdminSessionEndedError);
    expect(await getDb().adminUser.count()).toBe(2);
  });

  it("never return a password hash", async () => {
    const admins = await listAdmins(ada);
    expect(admins.every((admin) => !("password" in admin))).toBe(true);
    const verified = await verifyAdminCredentials("ADA@example.com", TEST_PASSWORD);
    expect(verified).not.toBeNull();
    expect(verified).not.toHaveProperty("password");
    expect(JSON.stringify(verified)).not.toContain("$2");
  });

  it("name their failures: taken email, unknown id, last active admin", async () => {
    await expect(addAdmin(ada, { name: "Ada 2", email: "Ada@Example.com", password: "password-123" })).rejects.toBeInstanceOf(AdminEmailTakenError);
    await expect(setAdminStatus(ada, 424242, false)).rejects.toBeInstanceOf(AdminNotFoundError);
    await setAdminStatus(ada, grace.id, false);
    await expect(setAdminStatus(ada, ada.id, false)).rejects.toBeInstanceOf(LastActiveAdminError);
  });

  it("bump the session version on deactivation only", async () => {
    const version = async () => (await getDb().adminUser.findUniqueOrThrow({ where: { id: grace.id } })).sessionVersion;
    expect(await version()).toBe(0);
    await setAdminStatus(ada, grace.id, false);
    expect(await version()).toBe(1);
    await setAdminStatus(ada, grace.id, true);
    expect(await version()).toBe(1);
  });
});
