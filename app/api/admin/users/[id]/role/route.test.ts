import { PATCH as setRole } from "@/app/api/admin/users/[id]/role/route";
import { GET as exportList } from "@/app/api/admin/waitlist/export/route";
import { getDb } from "@/lib/db";
import { insertAdmin, safeJson, sessionCookieFor, testRequest } from "@/test/admin";
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

function patch(id: string | number, body: unknown, cookie = adaCookie) {
  const request = testRequest(`/api/admin/users/${id}/role`, { method: "PATCH", body, cookie });
  return setRole(request, { params: Promise.resolve({ id: String(id) }) });
}

describe(`PATCH /api/admin/users/{id}/role (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("gives an admin another role (200 with the admin); from their next request they are refused what it cannot do", async () => {
    const graceCookie = await sessionCookieFor(grace);
    const response = await patch(grace.id, { role: "viewer" });
    expect(response.status).toBe(200);
    const body = await safeJson<{ message: string; admin: { id: number; role: string } }>(response);
    expect(body).toMatchObject({ message: "Grace Hopper is now a Viewer.", admin: { id: grace.id, role: "viewer" } });
    const refused = await exportList(testRequest("/api/admin/waitlist/export", { cookie: graceCookie }), undefined);
    expect(refused.status).toBe(403);
    expect(await safeJson(refused)).toEqual({ message: "Your role (viewer) cannot export the list. Ask an admin." });
  });

  it("answers 400 with the field's error for a role that is not one of the three, or any other field", async () => {
    for (const body of [{ role: "owner" }, {}, { role: "viewer", isActive: false }]) {
      const response = await patch(grace.id, body);
      expect(response.status).toBe(400);
      expect((await safeJson<{ errors: Record<string, string[]> }>(response)).errors).toBeDefined();
    }
    const bad = await safeJson<{ errors: Record<string, string[]> }>(await patch(grace.id, { role: "owner" }));
    expect(bad.errors).toEqual({ role: ["Role must be admin, member or viewer"] });
    expect((await getDb().adminUser.findUniqueOrThrow({ where: { id: grace.id } })).role).toBe("admin");
  });

  it("answers 409 with a clear message for the last active admin with full rights, 404 for an unknown id", async () => {
    expect((await patch(grace.id, { role: "member" })).status).toBe(200);
    const response = await patch(ada.id, { role: "member" });
    expect(response.status).toBe(409);
    expect((await safeJson<{ message: string }>(response)).message).toBe(
      "This is the only active admin with full rights: add another admin (or give one the Admin role) before narrowing this one.",
    );
    expect((await patch(424242, { role: "member" })).status).toBe(404);
  });

  it("answers 403 to a member", async () => {
    await getDb().adminUser.update({ where: { id: grace.id }, data: { role: "member" } });
    const response = await patch(grace.id, { role: "admin" }, await sessionCookieFor(grace));
    expect(response.status).toBe(403);
    expect(await safeJson(response)).toEqual({
      message: "Your role (member) cannot manage admin users. Ask an admin.",
    });
  });
});
