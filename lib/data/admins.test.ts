import { type VerifiedAdmin } from "@/lib/auth/verified";
import {
  addAdmin,
  AdminEmailTakenError,
  AdminNotFoundError,
  AdminSessionEndedError,
  LastActiveAdminError,
  listAdmins,
  setAdminStatus,
  verifyAdminCredentials,
} from "@/lib/data/admins";
import { endCurrentSession, listAdminSessions, revokeOtherAdminSessions } from "@/lib/data/sessions";
import { getDb } from "@/lib/db";
import { HttpError } from "@/lib/http";
import { insertAdmin, TEST_PASSWORD, verifiedAdminFor } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

let ada: VerifiedAdmin;
let grace: VerifiedAdmin;

beforeEach(async () => {
  await resetDatabase();
  ada = await verifiedAdminFor(await insertAdmin({ email: "ada@example.com", name: "Ada" }));
  grace = await verifiedAdminFor(await insertAdmin({ email: "grace@example.com", name: "Grace" }));
});

describe(`admin data functions (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("check the acting admin themselves: a deactivated actor can neither list, create nor change status", async () => {
    await getDb().adminUser.update({ where: { id: ada.id }, data: { isActive: false } });
    await expect(listAdmins(ada)).rejects.toBeInstanceOf(AdminSessionEndedError);
    await expect(
      addAdmin(ada, { name: "Eve", email: "eve@example.com", password: "password-123" }),
    ).rejects.toBeInstanceOf(AdminSessionEndedError);
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
    await expect(
      addAdmin(ada, { name: "Ada 2", email: "Ada@Example.com", password: "password-123" }),
    ).rejects.toBeInstanceOf(AdminEmailTakenError);
    await expect(setAdminStatus(ada, 424242, false)).rejects.toBeInstanceOf(AdminNotFoundError);
    await setAdminStatus(ada, grace.id, false);
    await expect(setAdminStatus(ada, ada.id, false)).rejects.toBeInstanceOf(LastActiveAdminError);
  });

  it("end the admin's sessions on deactivation only, and record each change in the audit log", async () => {
    const live = () => getDb().adminSession.count({ where: { adminId: grace.id, revokedAt: null } });
    expect(await live()).toBe(1);
    await setAdminStatus(ada, grace.id, false);
    expect(await live()).toBe(0);
    // Reactivation does not bring an ended session back: Grace signs in again.
    await setAdminStatus(ada, grace.id, true);
    expect(await live()).toBe(0);
    const log = await getDb().auditLog.findMany({
      orderBy: { id: "asc" },
      select: { action: true, adminId: true, adminEmail: true, target: true },
    });
    expect(log).toEqual([
      { action: "admin.deactivate", adminId: ada.id, adminEmail: "ada@example.com", target: `admin:${grace.id}` },
      { action: "admin.activate", adminId: ada.id, adminEmail: "ada@example.com", target: `admin:${grace.id}` },
    ]);
  });

  it("write no audit entry when the action fails", async () => {
    await setAdminStatus(ada, grace.id, false);
    await expect(setAdminStatus(ada, ada.id, false)).rejects.toBeInstanceOf(LastActiveAdminError);
    await expect(
      addAdmin(ada, { name: "Grace 2", email: "grace@example.com", password: "password-123" }),
    ).rejects.toBeInstanceOf(AdminEmailTakenError);
    expect(await getDb().auditLog.count()).toBe(1);
    await addAdmin(ada, { name: "Eve", email: "eve@example.com", password: "password-123" });
    expect(
      await getDb().auditLog.findMany({ where: { action: "admin.create" }, select: { target: true, details: true } }),
    ).toEqual([{ target: expect.stringMatching(/^admin:\d+$/), details: { email: "eve@example.com", role: "admin" } }]);
  });

  describe("accept only an admin produced by requireAdmin, never one built by hand", () => {
    // What a caller could build: the right shape and a real id, or a copy of a verified admin.
    const forgeries = (): [string, VerifiedAdmin][] => [
      [
        "a hand-built object",
        {
          id: ada.id,
          name: "Ada",
          email: "ada@example.com",
          isActive: true,
          createdAt: new Date(),
        } as unknown as VerifiedAdmin,
      ],
      ["a spread copy of a verified admin", { ...ada }],
      ["a structured clone of a verified admin", structuredClone(ada)],
      ["an object whose prototype is a verified admin", Object.create(ada) as VerifiedAdmin],
      ["null", null as unknown as VerifiedAdmin],
    ];
    const calls: [string, (actor: VerifiedAdmin) => Promise<unknown>][] = [
      ["listAdmins", (actor) => listAdmins(actor)],
      ["addAdmin", (actor) => addAdmin(actor, { name: "Eve", email: "eve@example.com", password: "password-123" })],
      ["setAdminStatus", (actor) => setAdminStatus(actor, grace.id, false)],
      ["listAdminSessions", (actor) => listAdminSessions(actor)],
      ["endCurrentSession", (actor) => endCurrentSession(actor)],
      ["revokeOtherAdminSessions", (actor) => revokeOtherAdminSessions(actor)],
    ];

    it.each(calls)("%s rejects every forged actor with a 401 and changes nothing", async (_name, call) => {
      const before = await getDb().adminUser.findMany({ orderBy: { id: "asc" } });
      for (const [label, forged] of forgeries()) {
        const error = await call(forged).then(
          () => new Error(`${label} was accepted`),
          (caught: unknown) => caught,
        );
        expect(error).toBeInstanceOf(HttpError);
        expect(error).toMatchObject({ status: 401 });
      }
      expect(await getDb().adminUser.findMany({ orderBy: { id: "asc" } })).toEqual(before);
      // The genuine one still works.
      await call(ada);
    });

    it("cannot be retargeted: a verified admin is frozen, so its id cannot be swapped for another's", () => {
      expect(Object.isFrozen(ada)).toBe(true);
      expect(() => {
        (ada as { id: number }).id = grace.id;
      }).toThrow(TypeError);
      expect(ada.id).not.toBe(grace.id);
    });

    it("carry the public admin fields and the request's session and address, never a password hash", () => {
      expect(Object.keys(ada).sort()).toEqual([
        "createdAt",
        "email",
        "id",
        "ip",
        "isActive",
        "name",
        "role",
        "sessionId",
      ]);
      expect(ada.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(JSON.stringify(ada)).not.toContain("$2");
    });
  });
});
