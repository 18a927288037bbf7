import { POST as login } from "@/app/api/admin/login/route";
import { GET as session } from "@/app/api/admin/session/route";
import { PATCH as toggle } from "@/app/api/admin/users/[id]/toggle-status/route";
import { getDb } from "@/lib/db";
import { insertAdmin, safeJson, sessionCookieFor, TEST_PASSWORD, testRequest } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

type Admin = Awaited<ReturnType<typeof insertAdmin>>;
let ada: Admin;
let grace: Admin;
let adaCookie: string;

beforeEach(async () => {
  await resetDatabase();
  ada = await insertAdmin({ email: "ada@example.com", name: "Ada Lovelace" });
  grace = await insertAdmin({ email: "grace@example.com", name: "Grace Hopper" });
  adaCookie = await sessionCookieFor(ada);
});

function patch(id: string | number, body: unknown, cookie = adaCookie, headers: Record<string, string> = {}) {
  const request = testRequest(`/api/admin/users/${id}/toggle-status`, { method: "PATCH", body, cookie, headers });
  return toggle(request, { params: Promise.resolve({ id: String(id) }) });
}

const signIn = (email: string) =>
  login(testRequest("/api/admin/login", { body: { email, password: TEST_PASSWORD } }), undefined);

describe(`PATCH /api/admin/users/{id}/toggle-status (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("deactivates an admin: 200 with the admin, their sessions end at once and they cannot sign in until reactivated", async () => {
    const graceCookie = await sessionCookieFor(grace);
    const graceOtherCookie = await sessionCookieFor(grace);
    const response = await patch(grace.id, { isActive: false });
    expect(response.status).toBe(200);
    expect(await safeJson(response)).toEqual({
      message: "Admin deactivated successfully",
      admin: {
        id: grace.id,
        name: "Grace Hopper",
        email: "grace@example.com",
        isActive: false,
        createdAt: expect.any(String),
        role: "admin",
      },
    });
    expect((await session(testRequest("/api/admin/session", { cookie: graceCookie }), undefined)).status).toBe(401);
    expect((await session(testRequest("/api/admin/session", { cookie: graceOtherCookie }), undefined)).status).toBe(
      401,
    );
    expect(await getDb().adminSession.count({ where: { adminId: grace.id, revokedAt: null } })).toBe(0);
    expect(
      await getDb().auditLog.findMany({
        where: { action: "admin.deactivate" },
        select: { adminId: true, target: true },
      }),
    ).toEqual([{ adminId: ada.id, target: `admin:${grace.id}` }]);
    const refused = await signIn("grace@example.com");
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: "Invalid email or password" });

    const reactivated = await patch(grace.id, { isActive: true });
    expect(reactivated.status).toBe(200);
    expect((await safeJson<{ message: string }>(reactivated)).message).toBe("Admin activated successfully");
    // The old session stays ended (its row was revoked); a new sign-in works.
    expect((await session(testRequest("/api/admin/session", { cookie: graceCookie }), undefined)).status).toBe(401);
    expect((await signIn("grace@example.com")).status).toBe(200);
  });

  it("is idempotent: setting the status an admin already has changes nothing", async () => {
    const response = await patch(grace.id, { isActive: true });
    expect(response.status).toBe(200);
    expect(await getDb().adminSession.count({ where: { adminId: grace.id, revokedAt: { not: null } } })).toBe(0);
    expect(await getDb().auditLog.count({ where: { action: { in: ["admin.activate", "admin.deactivate"] } } })).toBe(0);
  });

  it("refuses to deactivate the last active admin with 409 and a reason", async () => {
    expect((await patch(grace.id, { isActive: false })).status).toBe(200);
    const response = await patch(ada.id, { isActive: false });
    expect(response.status).toBe(409);
    expect((await safeJson<{ message: string }>(response)).message).toMatch(/last active admin/i);
    expect((await getDb().adminUser.findUniqueOrThrow({ where: { id: ada.id } })).isActive).toBe(true);
  });

  it("lets an admin deactivate themselves while another stays active, ending their own session", async () => {
    const response = await patch(ada.id, { isActive: false });
    expect(response.status).toBe(200);
    expect((await session(testRequest("/api/admin/session", { cookie: adaCookie }), undefined)).status).toBe(401);
  });

  it("never lets two simultaneous deactivations lock everyone out", async () => {
    const graceCookie = await sessionCookieFor(grace);
    for (let round = 0; round < 3; round++) {
      const responses = await Promise.all([
        patch(grace.id, { isActive: false }, adaCookie),
        patch(ada.id, { isActive: false }, graceCookie),
      ]);
      const statuses = responses.map((r) => r.status);
      // One wins; the other is refused, either as the last admin (409) or because its own session just ended (401).
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(await getDb().adminUser.count({ where: { isActive: true } })).toBe(1);
      await getDb().adminUser.updateMany({ data: { isActive: true } });
      await getDb().adminSession.updateMany({ data: { revokedAt: null } });
    }
  });

  it("answers 404 for an unknown id", async () => {
    const response = await patch(999_999, { isActive: false });
    expect(response.status).toBe(404);
    expect((await safeJson<{ message: string }>(response)).message).toBeTruthy();
  });

  it("answers 400 for a bad id", async () => {
    for (const id of ["abc", "0", "-1", "1.5", "1e3", "0x10", "99999999999"]) {
      const response = await patch(id, { isActive: false });
      expect([id, response.status]).toEqual([id, 400]);
    }
    expect(await getDb().adminUser.count({ where: { isActive: true } })).toBe(2);
  });

  it("answers 400 for a bad body", async () => {
    for (const body of [{}, { isActive: "false" }, { isActive: 0 }, { isActive: false, name: "x" }, []]) {
      const response = await patch(grace.id, body);
      expect(response.status).toBe(400);
    }
    expect((await getDb().adminUser.findUniqueOrThrow({ where: { id: grace.id } })).isActive).toBe(true);
  });

  it("refuses a cross-site status change with 403", async () => {
    const response = await patch(grace.id, { isActive: false }, adaCookie, { "sec-fetch-site": "cross-site" });
    expect(response.status).toBe(403);
    expect((await getDb().adminUser.findUniqueOrThrow({ where: { id: grace.id } })).isActive).toBe(true);
  });

  it("stops an admin deactivated a moment ago from acting, even with a session that was checked before", async () => {
    await getDb().adminUser.update({ where: { id: ada.id }, data: { isActive: false } });
    const response = await patch(grace.id, { isActive: false });
    expect(response.status).toBe(401);
    expect((await getDb().adminUser.findUniqueOrThrow({ where: { id: grace.id } })).isActive).toBe(true);
  });
});
