import { Secret, TOTP } from "otpauth";

import { POST as login } from "@/app/api/admin/login/route";
import { POST as verify } from "@/app/api/admin/login/verify/route";
import { POST as addRecovery } from "@/app/api/admin/security/recovery-codes/route";
import { POST as confirmTotp } from "@/app/api/admin/security/totp/confirm/route";
import { POST as beginTotp } from "@/app/api/admin/security/totp/route";
import { GET as session } from "@/app/api/admin/session/route";
import { DELETE as resetFactor } from "@/app/api/admin/users/[id]/second-factor/route";
import { upsertAdmin } from "@/lib/data/admins";
import { getDb } from "@/lib/db";
import { insertAdmin, safeJson, sessionCookieFor, TEST_PASSWORD, testRequest } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

beforeEach(async () => {
  await resetDatabase();
  delete process.env.ADMIN_REQUIRE_SECOND_FACTOR;
});

afterAll(() => {
  delete process.env.ADMIN_REQUIRE_SECOND_FACTOR;
});

let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter % 250}`;

/** The `name=value` pairs a response sets, by name. */
function setCookies(response: Response): Record<string, string> {
  const found: Record<string, string> = {};
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const at = pair!.indexOf("=");
    found[pair!.slice(0, at)] = pair!.slice(at + 1);
  }
  return found;
}

async function signInWithPassword(email: string) {
  const response = await login(
    testRequest("/api/admin/login", {
      body: { email, password: TEST_PASSWORD },
      headers: { "x-forwarded-for": freshIp() },
    }),
    undefined,
  );
  return { response, body: await safeJson(response), cookies: setCookies(response) };
}

function post(
  handler: (request: Request, context: never) => Promise<Response>,
  path: string,
  cookie: string,
  body?: unknown,
) {
  return handler(testRequest(path, { method: "POST", body, cookie, headers: { "x-forwarded-for": freshIp() } }), {
    params: Promise.resolve({}),
  } as never);
}

/** A code from the app at `steps` 30-second steps from now. */
function codeAt(secret: string, steps = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });
}

/** An admin with an authenticator app set up through the routes; returns its secret and their recovery codes. */
async function enrolTotp(email: string) {
  const admin = await insertAdmin({ email, name: "Ada Lovelace" });
  const cookie = await sessionCookieFor(admin);
  const setup = await safeJson<{ secret: string; qrSvg: string }>(
    await post(beginTotp, "/api/admin/security/totp", cookie),
  );
  expect(setup.qrSvg).toMatch(/^<svg/);
  const secret = setup.secret.replace(/\s/g, "");
  const confirmed = await post(confirmTotp, "/api/admin/security/totp/confirm", cookie, { code: codeAt(secret) });
  expect(confirmed.status).toBe(200);
  const { recoveryCodes } = await safeJson<{ recoveryCodes: string[] }>(confirmed);
  // Sessions made by the set-up itself are not what these tests count.
  await getDb().adminSession.deleteMany({});
  return { admin, secret, recoveryCodes };
}

const SECOND_STEP_COOKIE = "otto.second-step";
const SESSION_COOKIE = "authjs.session-token";

/** A new sign-in with the password, then its second step. */
async function signInAndVerify(email: string, step: unknown) {
  const { cookies } = await signInWithPassword(email);
  return post(verify, "/api/admin/login/verify", `${SECOND_STEP_COOKIE}=${cookies[SECOND_STEP_COOKIE]}`, step);
}

describe(`the sign-in's second step (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("keeps the password-only sign-in for an admin without a second factor", async () => {
    await insertAdmin({ email: "grace@example.com", name: "Grace Hopper" });
    const { response, body, cookies } = await signInWithPassword("grace@example.com");
    expect(response.status).toBe(200);
    expect(body).toEqual({ message: "Login successful", admin: { name: "Grace Hopper", email: "grace@example.com" } });
    expect(cookies[SESSION_COOKIE]).toBeTruthy();
    expect(cookies[SECOND_STEP_COOKIE]).toBeUndefined();
    const row = await getDb().adminSession.findFirstOrThrow({});
    expect(row.signInMethod).toBe("password");
  });

  it("starts no session until a right code is given, refuses a wrong one, and never accepts a code twice", async () => {
    const { admin, secret, recoveryCodes } = await enrolTotp("ada@example.com");
    expect(recoveryCodes).toHaveLength(10);

    const first = await signInWithPassword("ada@example.com");
    expect(first.response.status).toBe(200);
    expect(first.body).toMatchObject({ secondStep: { purpose: "second-step", next: "/admin/login/verify" } });
    expect(first.cookies[SESSION_COOKIE]).toBeUndefined();
    const pending = `${SECOND_STEP_COOKIE}=${first.cookies[SECOND_STEP_COOKIE]}`;
    expect(first.response.headers.getSetCookie().find((c) => c.startsWith(SECOND_STEP_COOKIE))).toMatch(
      /HttpOnly.*SameSite=Strict|SameSite=Strict.*HttpOnly/i,
    );
    expect(await getDb().adminSession.count()).toBe(0);
    // The half-signed-in cookie is no session: the admin API refuses it.
    expect((await session(testRequest("/api/admin/session", { cookie: pending }), undefined)).status).toBe(401);

    const wrongCode = String((Number(codeAt(secret, 1)) + 1) % 1_000_000).padStart(6, "0");
    const wrong = await post(verify, "/api/admin/login/verify", pending, { method: "totp", code: wrongCode });
    expect(wrong.status).toBe(401);
    expect((await safeJson(wrong)).message).toMatch(/code is not right/);
    expect(setCookies(wrong)[SESSION_COOKIE] ?? "").toBe("");
    expect(await getDb().adminSession.count()).toBe(0);
    expect(await getDb().auditLog.count({ where: { action: "auth.second_factor_failed", adminId: admin.id } })).toBe(1);

    // The code confirming the app was of this step: the next step's code signs in.
    const code = codeAt(secret, 1);
    const right = await post(verify, "/api/admin/login/verify", pending, { method: "totp", code });
    expect(right.status).toBe(200);
    expect(await safeJson(right)).toEqual({
      message: "Login successful",
      admin: { name: "Ada Lovelace", email: "ada@example.com" },
    });
    const cookies = setCookies(right);
    expect(cookies[SESSION_COOKIE]).toBeTruthy();
    expect(cookies[SECOND_STEP_COOKIE]).toBe("");
    const row = await getDb().adminSession.findFirstOrThrow({});
    expect(row.signInMethod).toBe("totp");
    const check = await session(
      testRequest("/api/admin/session", { cookie: `${SESSION_COOKIE}=${cookies[SESSION_COOKIE]}` }),
      undefined,
    );
    expect(check.status).toBe(200);

    // The half-signed-in cookie replayed, even with a fresh valid code: refused, no second session.
    const replayedCookie = await post(verify, "/api/admin/login/verify", pending, {
      method: "totp",
      code: codeAt(secret, -1),
    });
    expect(replayedCookie.status).toBe(401);
    expect(await getDb().adminSession.count()).toBe(1);

    // The same code on a new sign-in: refused, it was used.
    const replayedCode = await signInAndVerify("ada@example.com", { method: "totp", code });
    expect(replayedCode.status).toBe(401);
    expect(await getDb().adminSession.count()).toBe(1);
  });

  it("issues no session once the half-signed-in state has expired, even for a right code", async () => {
    const { secret } = await enrolTotp("ada@example.com");
    const { cookies } = await signInWithPassword("ada@example.com");
    await getDb().adminAuthChallenge.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
    const late = await post(verify, "/api/admin/login/verify", `${SECOND_STEP_COOKIE}=${cookies[SECOND_STEP_COOKIE]}`, {
      method: "totp",
      code: codeAt(secret, 1),
    });
    expect(late.status).toBe(401);
    expect((await safeJson(late)).message).toBe("Your sign-in has expired. Please sign in again.");
    expect(await getDb().adminSession.count()).toBe(0);
  });

  it("refuses a half-signed-in cookie sealed with another secret", async () => {
    const { secret } = await enrolTotp("ada@example.com");
    const { encode } = await import("next-auth/jwt");
    const row = await getDb().adminAuthChallenge.create({
      data: { id: "x".repeat(43), adminId: 1, purpose: "second-step", expiresAt: new Date(Date.now() + 60_000) },
    });
    const forged = await encode({
      token: { adminId: 1, pid: row.id, purpose: "second-step" },
      secret: "another-secret-".padEnd(48, "z"),
      salt: SECOND_STEP_COOKIE,
      maxAge: 300,
    });
    const response = await post(verify, "/api/admin/login/verify", `${SECOND_STEP_COOKIE}=${forged}`, {
      method: "totp",
      code: codeAt(secret, 1),
    });
    expect(response.status).toBe(401);
    expect(await getDb().adminSession.count()).toBe(0);
  });

  it("accepts a recovery code once, audits it and emails the admin", async () => {
    const { admin, recoveryCodes } = await enrolTotp("ada@example.com");
    const code = recoveryCodes[3]!;
    const used = await signInAndVerify("ada@example.com", { method: "recovery", code: code.toUpperCase() });
    expect([used.status, (await safeJson(used.clone())).message]).toEqual([200, "Login successful"]);
    expect((await getDb().adminSession.findFirstOrThrow({})).signInMethod).toBe("recovery");
    expect(await getDb().auditLog.count({ where: { action: "security.recovery_code_used", adminId: admin.id } })).toBe(
      1,
    );
    const mail = await getDb().emailOutbox.findMany({ where: { kind: "security-notice" }, orderBy: { id: "asc" } });
    expect(mail.map((m) => m.subject)).toEqual([
      expect.stringContaining("An authenticator app was set up on your account"),
      expect.stringContaining("A recovery code was used to sign in to your account"),
    ]);
    expect(mail.every((m) => m.to === "ada@example.com")).toBe(true);

    const reused = await signInAndVerify("ada@example.com", { method: "recovery", code });
    expect(reused.status).toBe(401);
    expect((await safeJson(reused)).message).toMatch(/already been used/);
    expect(await getDb().adminSession.count()).toBe(1);
  });

  it("spends only the winning factor when second steps race: a losing recovery code stays unused", async () => {
    const { admin, recoveryCodes } = await enrolTotp("ada@example.com");
    const { cookies } = await signInWithPassword("ada@example.com");
    const pending = `${SECOND_STEP_COOKIE}=${cookies[SECOND_STEP_COOKIE]}`;
    const answers = await Promise.all(
      recoveryCodes
        .slice(0, 3)
        .map((code) => post(verify, "/api/admin/login/verify", pending, { method: "recovery", code })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401]);
    expect(await getDb().adminSession.count()).toBe(1);
    expect(await getDb().adminRecoveryCode.count({ where: { adminId: admin.id, usedAt: null } })).toBe(9);
    expect(await getDb().auditLog.count({ where: { action: "security.recovery_code_used" } })).toBe(1);
    expect(await getDb().emailOutbox.count({ where: { subject: { contains: "recovery code was used" } } })).toBe(1);
  });

  it("makes new recovery codes that replace the old ones", async () => {
    const { admin, recoveryCodes } = await enrolTotp("ada@example.com");
    const cookie = await sessionCookieFor(admin);
    const made = await post(addRecovery, "/api/admin/security/recovery-codes", cookie);
    expect(made.status).toBe(200);
    const fresh = (await safeJson<{ recoveryCodes: string[] }>(made)).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    const { cookies } = await signInWithPassword("ada@example.com");
    const old = await post(verify, "/api/admin/login/verify", `${SECOND_STEP_COOKIE}=${cookies[SECOND_STEP_COOKIE]}`, {
      method: "recovery",
      code: recoveryCodes[0],
    });
    expect(old.status).toBe(401);
    // Stored hashed: no code appears in the table.
    const stored = await getDb().adminRecoveryCode.findMany({ select: { codeHash: true } });
    expect(stored.some((row) => fresh.some((code) => row.codeHash.includes(code.replace("-", ""))))).toBe(false);
  });

  it("stores the app's secret encrypted", async () => {
    const { secret } = await enrolTotp("ada@example.com");
    const row = await getDb().adminTotp.findFirstOrThrow({});
    expect(row.secret).not.toContain(secret);
    expect(row.confirmedAt).not.toBeNull();
  });

  it("with ADMIN_REQUIRE_SECOND_FACTOR, takes an admin without one to set it up before any session works", async () => {
    process.env.ADMIN_REQUIRE_SECOND_FACTOR = "true";
    const admin = await insertAdmin({ email: "grace@example.com", name: "Grace Hopper" });
    // A session from before the setting no longer opens anything.
    const old = await sessionCookieFor(admin);
    expect((await session(testRequest("/api/admin/session", { cookie: old }), undefined)).status).toBe(401);

    const { body, cookies } = await signInWithPassword("grace@example.com");
    expect(body).toMatchObject({ secondStep: { purpose: "enrol", next: "/admin/login/enrol" } });
    expect(cookies[SESSION_COOKIE]).toBeUndefined();
    const pending = `${SECOND_STEP_COOKIE}=${cookies[SECOND_STEP_COOKIE]}`;
    // The enrol cookie is not a second step: it cannot be used to skip setting one up.
    expect((await post(verify, "/api/admin/login/verify", pending, { method: "totp", code: "123456" })).status).toBe(
      401,
    );

    const begun = await post(beginTotp, "/api/admin/security/totp", pending);
    expect([begun.status, begun.status === 200 ? "" : (await safeJson(begun.clone())).message]).toEqual([200, ""]);
    const setup = await safeJson<{ secret: string }>(begun);
    const secret = setup.secret.replace(/\s/g, "");
    const done = await post(confirmTotp, "/api/admin/security/totp/confirm", pending, { code: codeAt(secret) });
    expect(done.status).toBe(200);
    expect(await safeJson(done)).toMatchObject({ signedIn: true, recoveryCodes: expect.any(Array) });
    const sessionCookie = `${SESSION_COOKIE}=${setCookies(done)[SESSION_COOKIE]}`;
    expect((await session(testRequest("/api/admin/session", { cookie: sessionCookie }), undefined)).status).toBe(200);
    expect(
      (await getDb().adminSession.findFirstOrThrow({ where: { revokedAt: null, signInMethod: "totp" } })).adminId,
    ).toBe(admin.id);
  });

  it("limits code guesses per admin, however often the password is given again and from wherever", async () => {
    const { secret } = await enrolTotp("eve@example.com");
    // A code none of the three the app accepts right now (one step either way) could be.
    const valid = new Set([-1, 0, 1, 2].map((steps) => codeAt(secret, steps)));
    let wrong = "000000";
    for (let n = 1; valid.has(wrong); n++) wrong = String(n).padStart(6, "0");
    // Each guess after a fresh password sign-in from a fresh address: the per-client counters never fill.
    for (let guess = 0; guess < 10; guess++)
      expect((await signInAndVerify("eve@example.com", { method: "totp", code: wrong })).status).toBe(401);
    const blocked = await signInAndVerify("eve@example.com", { method: "totp", code: codeAt(secret) });
    expect(blocked.status).toBe(429);
    expect(await getDb().adminSession.count()).toBe(0);
  });

  /** A code from none of the steps the app accepts now or soon. */
  function wrongCodeFor(secret: string): string {
    const valid = new Set([-1, 0, 1, 2].map((steps) => codeAt(secret, steps)));
    let wrong = "000000";
    for (let n = 1; valid.has(wrong); n++) wrong = String(n).padStart(6, "0");
    return wrong;
  }

  it("counts guesses made just before a window's edge just after it", async () => {
    const { admin, secret } = await enrolTotp("eve@example.com");
    const wrong = wrongCodeFor(secret);
    for (let guess = 0; guess < 10; guess++)
      expect((await signInAndVerify("eve@example.com", { method: "totp", code: wrong })).status).toBe(401);
    // The ten guesses as if made 14 minutes ago: within the quarter hour, across any fixed window's edge.
    await getDb().$executeRaw`
      UPDATE "rate_limits" SET "windowStart" = "windowStart" - interval '14 minutes'
      WHERE "key" LIKE ${`second-factor-fail:${admin.id}:%`}`;
    expect((await signInAndVerify("eve@example.com", { method: "totp", code: codeAt(secret, 1) })).status).toBe(429);
  });

  it("keeps the wrong guesses counted when a second step succeeds", async () => {
    const { admin, secret } = await enrolTotp("eve@example.com");
    const wrong = wrongCodeFor(secret);
    // 49 guesses already today, none in the last quarter hour.
    await getDb().rateLimit.create({
      data: {
        key: `second-factor-fail:${admin.id}:day`,
        windowStart: new Date(Date.now() - 3 * 60 * 60 * 1000),
        count: 49,
        expiresAt: new Date(Date.now() + 60 * 60 * 1000),
      },
    });
    expect((await signInAndVerify("eve@example.com", { method: "totp", code: codeAt(secret, 1) })).status).toBe(200);
    expect((await signInAndVerify("eve@example.com", { method: "totp", code: wrong })).status).toBe(401);
    expect((await signInAndVerify("eve@example.com", { method: "totp", code: wrong })).status).toBe(429);
  });

  it("emails the admin once when five second steps fail after a right password", async () => {
    const { admin, secret } = await enrolTotp("eve@example.com");
    const wrong = wrongCodeFor(secret);
    const alerts = () =>
      getDb().emailOutbox.findMany({
        where: { kind: "security-notice", to: "eve@example.com", subject: { contains: "second factor" } },
        select: { subject: true },
      });
    for (let guess = 0; guess < 4; guess++)
      expect((await signInAndVerify("eve@example.com", { method: "totp", code: wrong })).status).toBe(401);
    expect(await alerts()).toEqual([]);
    for (let guess = 0; guess < 3; guess++)
      expect((await signInAndVerify("eve@example.com", { method: "totp", code: wrong })).status).toBe(401);
    expect(await alerts()).toEqual([
      { subject: expect.stringContaining("Someone gave your password but not your second factor") },
    ]);
    expect(await getDb().auditLog.count({ where: { action: "security.second_step_alert", adminId: admin.id } })).toBe(
      1,
    );
  });

  it("ends half-done sign-ins when the password is reset", async () => {
    const { secret } = await enrolTotp("ada@example.com");
    const { cookies } = await signInWithPassword("ada@example.com");
    const pending = `${SECOND_STEP_COOKIE}=${cookies[SECOND_STEP_COOKIE]}`;
    await upsertAdmin({ email: "ada@example.com", name: "Ada Lovelace", password: "a-brand-new-password-123" });
    const late = await post(verify, "/api/admin/login/verify", pending, { method: "totp", code: codeAt(secret) });
    expect(late.status).toBe(401);
    expect(await getDb().adminSession.count({ where: { revokedAt: null } })).toBe(0);
  });

  it("does not let a set-up-first cookie add a factor once the admin has one", async () => {
    process.env.ADMIN_REQUIRE_SECOND_FACTOR = "true";
    const admin = await insertAdmin({ email: "grace@example.com", name: "Grace Hopper" });
    const { cookies } = await signInWithPassword("grace@example.com");
    const stale = `${SECOND_STEP_COOKIE}=${cookies[SECOND_STEP_COOKIE]}`;
    // Meanwhile the admin sets up an app from another sign-in.
    const mine = `${SECOND_STEP_COOKIE}=${(await signInWithPassword("grace@example.com")).cookies[SECOND_STEP_COOKIE]}`;
    const setup = await safeJson<{ secret: string }>(await post(beginTotp, "/api/admin/security/totp", mine));
    const code = codeAt(setup.secret.replace(/\s/g, ""));
    expect((await post(confirmTotp, "/api/admin/security/totp/confirm", mine, { code })).status).toBe(200);

    expect((await post(beginTotp, "/api/admin/security/totp", stale)).status).toBe(401);
    expect(await getDb().adminSession.count({ where: { adminId: admin.id, revokedAt: null } })).toBe(1);
  });

  it("lets an admin with full rights reset another admin's second factor, ending their sessions", async () => {
    const { admin: ada } = await enrolTotp("ada@example.com");
    const adaSession = await sessionCookieFor(ada);
    const grace = await insertAdmin({ email: "grace@example.com", name: "Grace Hopper" });
    const viewer = await insertAdmin({ email: "vera@example.com", role: "viewer" });

    const call = (cookie: string, id: number) =>
      resetFactor(testRequest(`/api/admin/users/${id}/second-factor`, { method: "DELETE", cookie }), {
        params: Promise.resolve({ id: String(id) }),
      });
    expect((await call(await sessionCookieFor(viewer), ada.id)).status).toBe(403);
    const response = await call(await sessionCookieFor(grace), ada.id);
    expect(response.status).toBe(200);
    expect(await getDb().adminTotp.count()).toBe(0);
    expect(await getDb().adminRecoveryCode.count()).toBe(0);
    expect((await session(testRequest("/api/admin/session", { cookie: adaSession }), undefined)).status).toBe(401);
    const audit = await getDb().auditLog.findFirstOrThrow({ where: { action: "admin.second_factor_reset" } });
    expect(audit).toMatchObject({ adminId: grace.id, target: `admin:${ada.id}` });
    expect(
      await getDb().emailOutbox.count({
        where: { kind: "security-notice", to: "ada@example.com", subject: { contains: "reset" } },
      }),
    ).toBe(1);
    // Signing in is the password alone again.
    expect((await signInWithPassword("ada@example.com")).cookies[SESSION_COOKIE]).toBeTruthy();
  });
});
