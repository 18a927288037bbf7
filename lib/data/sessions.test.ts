import { POST as login } from "@/app/api/admin/login/route";
import { POST as logout } from "@/app/api/admin/logout/route";
import { GET as session } from "@/app/api/admin/session/route";
import { DELETE as revokeOne } from "@/app/api/admin/sessions/[id]/route";
import { POST as revokeOthers } from "@/app/api/admin/sessions/revoke-others/route";
import { GET as listSessions } from "@/app/api/admin/sessions/route";
import { describeDevice, pruneAdminSessions } from "@/lib/data/sessions";
import { getDb } from "@/lib/db";
import { insertAdmin, safeJson, startTestSession, TEST_PASSWORD, testRequest } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1";

beforeEach(() => resetDatabase());

async function signIn(userAgent: string, ip = "203.0.113.7") {
  const response = await login(
    testRequest("/api/admin/login", {
      body: { email: "ada@example.com", password: TEST_PASSWORD },
      headers: { "user-agent": userAgent, "x-forwarded-for": ip },
    }),
    undefined,
  );
  expect(response.status).toBe(200);
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

const alive = async (cookie: string) =>
  (await session(testRequest("/api/admin/session", { cookie }), undefined)).status === 200;
const auditActions = async () =>
  (await getDb().auditLog.findMany({ orderBy: { id: "asc" }, select: { action: true } })).map((row) => row.action);

interface SessionJson {
  id: string;
  device: string;
  ip: string | null;
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

async function sessionsSeenBy(cookie: string): Promise<SessionJson[]> {
  const response = await listSessions(testRequest("/api/admin/sessions", { cookie }), undefined);
  expect(response.status).toBe(200);
  return (await safeJson<{ sessions: SessionJson[] }>(response)).sessions;
}

describe(`admin sessions (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("start one session row per sign-in, each listed with its device, address and 'this device'", async () => {
    const admin = await insertAdmin({ email: "ada@example.com", name: "Ada" });
    const laptop = await signIn(FIREFOX_WINDOWS, "203.0.113.7");
    const phone = await signIn(SAFARI_IPHONE, "198.51.100.9");
    expect(await getDb().adminSession.count({ where: { adminId: admin.id } })).toBe(2);

    const seen = await sessionsSeenBy(phone);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatchObject({ device: "Safari on iOS", ip: "198.51.100.9", current: true });
    expect(seen[1]).toMatchObject({ device: "Firefox on Windows", ip: "203.0.113.7", current: false });
    expect(new Date(seen[0]!.expiresAt).getTime() - new Date(seen[0]!.createdAt).getTime()).toBe(8 * 60 * 60 * 1000);
    expect(await auditActions()).toEqual(["auth.sign_in", "auth.sign_in"]);
    expect(await alive(laptop)).toBe(true);
  });

  it("sign out ends this device's session and no other", async () => {
    await insertAdmin({ email: "ada@example.com" });
    const laptop = await signIn(FIREFOX_WINDOWS);
    const phone = await signIn(SAFARI_IPHONE);
    expect((await logout(testRequest("/api/admin/logout", { method: "POST", cookie: laptop }), undefined)).status).toBe(
      200,
    );
    expect(await alive(laptop)).toBe(false);
    expect(await alive(phone)).toBe(true);
    expect((await sessionsSeenBy(phone)).map((s) => s.device)).toEqual(["Safari on iOS"]);
  });

  it("end one named session of one's own, and refuse someone else's with 404", async () => {
    const ada = await insertAdmin({ email: "ada@example.com" });
    const grace = await insertAdmin({ email: "grace@example.com" });
    const laptop = await signIn(FIREFOX_WINDOWS);
    const phone = await signIn(SAFARI_IPHONE);
    const graces = await startTestSession(grace);
    const laptopId = (await sessionsSeenBy(phone)).find((s) => !s.current)!.id;

    const del = (id: string, cookie: string) =>
      revokeOne(testRequest(`/api/admin/sessions/${id}`, { method: "DELETE", cookie }), {
        params: Promise.resolve({ id }),
      });
    expect((await del(graces.sessionId, phone)).status).toBe(404);
    expect(await alive(graces.cookie)).toBe(true);
    expect((await del("not-a-session", phone)).status).toBe(400);

    const ended = await del(laptopId, phone);
    expect(ended.status).toBe(200);
    expect(ended.headers.get("set-cookie")).toBeNull();
    expect(await alive(laptop)).toBe(false);
    expect(await alive(phone)).toBe(true);
    expect((await del(laptopId, phone)).status).toBe(404);
    expect(
      await getDb().auditLog.findMany({ where: { action: "session.revoke" }, select: { adminId: true, target: true } }),
    ).toEqual([{ adminId: ada.id, target: `session:${laptopId.slice(0, 8)}` }]);
  });

  it("revoke-others ends every other session and keeps this one, in one audited step", async () => {
    await insertAdmin({ email: "ada@example.com" });
    const sessions = [await signIn(FIREFOX_WINDOWS), await signIn(SAFARI_IPHONE), await signIn(FIREFOX_WINDOWS)];
    const response = await revokeOthers(
      testRequest("/api/admin/sessions/revoke-others", { method: "POST", cookie: sessions[1] }),
      undefined,
    );
    expect(response.status).toBe(200);
    expect(await safeJson(response)).toEqual({ message: "2 other sessions ended", ended: 2 });
    expect(await Promise.all(sessions.map(alive))).toEqual([false, true, false]);
    expect(await auditActions()).toEqual(["auth.sign_in", "auth.sign_in", "auth.sign_in", "session.revoke_others"]);
  });

  it("record a failed sign-in with the email tried and never the password", async () => {
    await insertAdmin({ email: "ada@example.com" });
    const response = await login(
      testRequest("/api/admin/login", { body: { email: "Ada@Example.com", password: "wrong-password-guess" } }),
      undefined,
    );
    expect(response.status).toBe(401);
    const rows = await getDb().auditLog.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "auth.sign_in_failed", adminId: null, adminEmail: "ada@example.com" });
    expect(
      JSON.stringify(rows[0], (_key, value: unknown) => (typeof value === "bigint" ? String(value) : value)),
    ).not.toContain("wrong-password-guess");
  });

  it("prune revoked, expired and idle rows and keep live ones", async () => {
    const admin = await insertAdmin({ email: "ada@example.com" });
    const [live, revoked, expired, idle] = await Promise.all([1, 2, 3, 4].map(() => startTestSession(admin)));
    await getDb().adminSession.update({ where: { id: revoked!.sessionId }, data: { revokedAt: new Date() } });
    await getDb().adminSession.update({
      where: { id: expired!.sessionId },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    await getDb().adminSession.update({
      where: { id: idle!.sessionId },
      data: { lastSeenAt: new Date(Date.now() - 3 * 60 * 60 * 1000) },
    });
    expect(await pruneAdminSessions()).toBe(3);
    expect((await getDb().adminSession.findMany({ select: { id: true } })).map((row) => row.id)).toEqual([
      live!.sessionId,
    ]);
  });

  it("prune lapsed sign-in challenges (passkey ceremonies never finished) within the hour, and keep live ones", async () => {
    const admin = await insertAdmin({ email: "ada@example.com" });
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    await getDb().adminAuthChallenge.createMany({
      data: [
        { id: "lapsed-unused", adminId: admin.id, purpose: "passkey-register", expiresAt: at(-50) },
        { id: "lapsed-used", adminId: admin.id, purpose: "second-step", expiresAt: at(-1), usedAt: at(-3) },
        { id: "live", adminId: admin.id, purpose: "passkey-sign-in", expiresAt: at(4) },
      ],
    });
    await pruneAdminSessions();
    expect((await getDb().adminAuthChallenge.findMany({ select: { id: true } })).map((row) => row.id)).toEqual([
      "live",
    ]);
  });

  it("name devices from their user agents", () => {
    expect(describeDevice(FIREFOX_WINDOWS)).toBe("Firefox on Windows");
    expect(describeDevice(SAFARI_IPHONE)).toBe("Safari on iOS");
    expect(describeDevice(null)).toBe("Unknown device");
    expect(describeDevice("curl/8.5.0")).toBe("Unknown device");
  });
});
