import { encode } from "next-auth/jwt";

import { POST as logout } from "@/app/api/admin/logout/route";
import { GET as session } from "@/app/api/admin/session/route";
import { GET as listUsers } from "@/app/api/admin/users/route";
import { getAuthSecret } from "@/lib/auth/secret";
import { getDb } from "@/lib/db";
import { insertAdmin, safeJson, sessionCookieFor, startTestSession, testRequest } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

beforeEach(async () => {
  await resetDatabase();
});

const SIGNED_OUT = { isAuthenticated: false, admin: null };

async function expectSignedOut(response: Response) {
  expect(response.status).toBe(401);
  expect(await safeJson(response)).toEqual(SIGNED_OUT);
  // The stale cookie is cleared, so the proxy stops treating the browser as signed in.
  expect(response.headers.get("set-cookie")).toMatch(/^authjs\.session-token=;.*Max-Age=0/);
}

describe(`GET /api/admin/session (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("answers { isAuthenticated: true, admin: { name, email } } and nothing more for a valid session", async () => {
    const admin = await insertAdmin({ email: "ada@example.com", name: "Ada Lovelace" });
    const response = await session(
      testRequest("/api/admin/session", { cookie: await sessionCookieFor(admin) }),
      undefined,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(await safeJson(response)).toEqual({
      isAuthenticated: true,
      admin: { name: "Ada Lovelace", email: "ada@example.com" },
    });
  });

  it("answers 401 { isAuthenticated: false, admin: null } without a cookie", async () => {
    await expectSignedOut(await session(testRequest("/api/admin/session"), undefined));
  });

  it("refuses a forged or tampered cookie", async () => {
    const admin = await insertAdmin({ email: "ada@example.com" });
    const cookie = await sessionCookieFor(admin);
    const tampered = cookie.slice(0, -4) + (cookie.endsWith("AAAA") ? "BBBB" : "AAAA");
    await expectSignedOut(await session(testRequest("/api/admin/session", { cookie: tampered }), undefined));
    await expectSignedOut(
      await session(testRequest("/api/admin/session", { cookie: "authjs.session-token=not-a-jwt" }), undefined),
    );
  });

  it("refuses an expired session", async () => {
    const admin = await insertAdmin({ email: "ada@example.com" });
    const { sessionId } = await startTestSession(admin);
    const name = "authjs.session-token";
    const token = await encode({
      token: { sub: String(admin.id), adminId: admin.id, sid: sessionId },
      secret: getAuthSecret(),
      salt: name,
      maxAge: -120,
    });
    await expectSignedOut(await session(testRequest("/api/admin/session", { cookie: `${name}=${token}` }), undefined));
  });

  it("ends the session of an admin who was deactivated, or whose session row was revoked", async () => {
    const admin = await insertAdmin({ email: "ada@example.com" });
    const { cookie, sessionId } = await startTestSession(admin);
    await getDb().adminUser.update({ where: { id: admin.id }, data: { isActive: false } });
    await expectSignedOut(await session(testRequest("/api/admin/session", { cookie }), undefined));

    // Reactivated without a new sign-in: a revoked session stays dead.
    await getDb().adminSession.update({ where: { id: sessionId }, data: { revokedAt: new Date() } });
    await getDb().adminUser.update({ where: { id: admin.id }, data: { isActive: true } });
    await expectSignedOut(await session(testRequest("/api/admin/session", { cookie }), undefined));
  });

  it("ends a session idle past the timeout, and one past its absolute end however active", async () => {
    const admin = await insertAdmin({ email: "ada@example.com" });
    const idle = await startTestSession(admin);
    const old = await startTestSession(admin);
    const fresh = await startTestSession(admin);
    await getDb().adminSession.update({
      where: { id: idle.sessionId },
      data: { lastSeenAt: new Date(Date.now() - 121 * 60_000) },
    });
    await getDb().adminSession.update({
      where: { id: old.sessionId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await expectSignedOut(await session(testRequest("/api/admin/session", { cookie: idle.cookie }), undefined));
    await expectSignedOut(await session(testRequest("/api/admin/session", { cookie: old.cookie }), undefined));
    expect((await session(testRequest("/api/admin/session", { cookie: fresh.cookie }), undefined)).status).toBe(200);
  });

  it("moves the last-seen time forward at most once a minute", async () => {
    const admin = await insertAdmin({ email: "ada@example.com" });
    const { cookie, sessionId } = await startTestSession(admin);
    const lastSeen = async () =>
      (await getDb().adminSession.findUniqueOrThrow({ where: { id: sessionId } })).lastSeenAt.getTime();
    const started = await lastSeen();
    await session(testRequest("/api/admin/session", { cookie }), undefined);
    expect(await lastSeen()).toBe(started);
    await getDb().adminSession.update({ where: { id: sessionId }, data: { lastSeenAt: new Date(started - 61_000) } });
    await session(testRequest("/api/admin/session", { cookie }), undefined);
    expect(await lastSeen()).toBeGreaterThanOrEqual(started);
  });

  it("never treats a request carrying x-middleware-subrequest as signed in", async () => {
    const admin = await insertAdmin({ email: "ada@example.com" });
    const response = await session(
      testRequest("/api/admin/session", {
        cookie: await sessionCookieFor(admin),
        headers: { "x-middleware-subrequest": "middleware" },
      }),
      undefined,
    );
    await expectSignedOut(response);
  });
});

describe("POST /api/admin/logout", () => {
  it("ends the session by clearing the cookie", async () => {
    const admin = await insertAdmin({ email: "ada@example.com" });
    const response = await logout(
      testRequest("/api/admin/logout", { method: "POST", cookie: await sessionCookieFor(admin) }),
      undefined,
    );
    expect(response.status).toBe(200);
    expect(await safeJson(response)).toEqual({ message: "You have been successfully logged out" });
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^authjs\.session-token=;/);
    expect(cookie).toContain("Max-Age=0");
    expect(cookie).toContain("HttpOnly");
  });

  it("ends the session on the server: the old cookie, replayed after logout, is refused everywhere", async () => {
    const admin = await insertAdmin({ email: "ada@example.com", name: "Ada Lovelace" });
    const cookie = await sessionCookieFor(admin);
    expect((await listUsers(testRequest("/api/admin/users", { cookie }), undefined)).status).toBe(200);

    expect((await logout(testRequest("/api/admin/logout", { method: "POST", cookie }), undefined)).status).toBe(200);

    // A copy of the cookie kept from before the logout (the browser itself dropped it).
    await expectSignedOut(await session(testRequest("/api/admin/session", { cookie }), undefined));
    const users = await listUsers(testRequest("/api/admin/users", { cookie }), undefined);
    expect(users.status).toBe(401);
    expect(await safeJson(users)).toEqual({ message: expect.any(String) });
    expect((await logout(testRequest("/api/admin/logout", { method: "POST", cookie }), undefined)).status).toBe(401);
  });

  it("signs out this device only: the admin's other sessions go on", async () => {
    const admin = await insertAdmin({ email: "ada@example.com" });
    const here = await startTestSession(admin);
    const elsewhere = await startTestSession(admin);
    await logout(testRequest("/api/admin/logout", { method: "POST", cookie: here.cookie }), undefined);
    await expectSignedOut(await session(testRequest("/api/admin/session", { cookie: here.cookie }), undefined));
    expect((await session(testRequest("/api/admin/session", { cookie: elsewhere.cookie }), undefined)).status).toBe(
      200,
    );

    const rows = await getDb().adminSession.findMany({
      where: { adminId: admin.id },
      select: { id: true, revokedAt: true },
    });
    expect(rows.find((row) => row.id === here.sessionId)?.revokedAt).toBeInstanceOf(Date);
    expect(rows.find((row) => row.id === elsewhere.sessionId)?.revokedAt).toBeNull();
    const entries = await getDb().auditLog.findMany({ where: { action: "auth.sign_out" } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ adminId: admin.id, adminEmail: "ada@example.com" });
  });

  it("answers 401 (and still clears the cookie) without a valid session", async () => {
    const response = await logout(testRequest("/api/admin/logout", { method: "POST" }), undefined);
    expect(response.status).toBe(401);
    expect(response.headers.get("set-cookie")).toContain("Max-Age=0");
  });

  it("refuses a cross-site logout with 403, so another site cannot sign an admin out", async () => {
    const admin = await insertAdmin({ email: "ada@example.com" });
    const response = await logout(
      testRequest("/api/admin/logout", {
        method: "POST",
        cookie: await sessionCookieFor(admin),
        headers: { "sec-fetch-site": "cross-site" },
      }),
      undefined,
    );
    expect(response.status).toBe(403);
    expect(response.headers.get("set-cookie")).toBeNull();
    // Nothing was ended on the server either.
    const check = await session(
      testRequest("/api/admin/session", { cookie: await sessionCookieFor(admin) }),
      undefined,
    );
    expect(check.status).toBe(200);
  });
});
