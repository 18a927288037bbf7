import { DELETE as removePasskey } from "@/app/api/admin/security/passkeys/[id]/route";
import { POST as passkeyOptions } from "@/app/api/admin/security/passkeys/options/route";
import { POST as confirmPassword } from "@/app/api/admin/security/password/route";
import { POST as newRecoveryCodes } from "@/app/api/admin/security/recovery-codes/route";
import { POST as beginTotp, DELETE as removeTotp } from "@/app/api/admin/security/totp/route";
import { getDb } from "@/lib/db";
import { insertAdmin, safeJson, startTestSession, TEST_PASSWORD, testRequest } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

// Changes to how an admin signs in ask for the password again once it is more than ten minutes old.

prepareTestDatabase();
beforeEach(() => resetDatabase());

let ipCounter = 0;
const freshIp = () => `192.0.2.${(++ipCounter % 250) + 1}`;

type Handler = (request: Request, context: never) => Promise<Response>;
const call = (handler: Handler, method: string, path: string, cookie: string, body?: unknown, id = "") =>
  handler(testRequest(path, { method, body, cookie, headers: { "x-forwarded-for": freshIp() } }), {
    params: Promise.resolve({ id }),
  } as never);

/** An admin with an app and a passkey, signed in `minutes` ago (their password given then). */
async function signedInMinutesAgo(minutes: number) {
  const admin = await insertAdmin({ email: "ada@example.com", name: "Ada Lovelace" });
  await getDb().adminTotp.create({ data: { adminId: admin.id, secret: "sealed", confirmedAt: new Date() } });
  await getDb().adminPasskey.create({
    data: {
      id: "a2V5LW9uZS1mb3ItdGVzdHM",
      adminId: admin.id,
      name: "Laptop",
      publicKey: Buffer.from([1]),
      counter: 0n,
    },
  });
  const { sessionId, cookie } = await startTestSession(admin);
  await getDb().adminSession.update({
    where: { id: sessionId },
    data: { passwordAt: new Date(Date.now() - minutes * 60_000) },
  });
  return { admin, cookie };
}

describe(`a fresh password (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("is asked for before adding or removing a factor or making new codes once the last was over 10 minutes ago", async () => {
    const { cookie } = await signedInMinutesAgo(11);
    const attempts = [
      await call(newRecoveryCodes, "POST", "/api/admin/security/recovery-codes", cookie),
      await call(beginTotp, "POST", "/api/admin/security/totp", cookie),
      await call(removeTotp, "DELETE", "/api/admin/security/totp", cookie),
      await call(passkeyOptions, "POST", "/api/admin/security/passkeys/options", cookie),
      await call(
        removePasskey,
        "DELETE",
        "/api/admin/security/passkeys/a2V5LW9uZS1mb3ItdGVzdHM",
        cookie,
        undefined,
        "a2V5LW9uZS1mb3ItdGVzdHM",
      ),
    ];
    for (const answer of attempts) {
      expect(answer.status).toBe(403);
      expect(await safeJson(answer)).toEqual({
        message: "Confirm your password to continue.",
        code: "password_needed",
      });
    }
    expect(await getDb().adminTotp.count()).toBe(1);
    expect(await getDb().adminPasskey.count()).toBe(1);
    expect(await getDb().adminRecoveryCode.count()).toBe(0);
    expect(await getDb().emailOutbox.count()).toBe(0);
  });

  it("refuses a wrong password, and once the right one is given lets the change through", async () => {
    const { admin, cookie } = await signedInMinutesAgo(30);
    const wrong = await call(confirmPassword, "POST", "/api/admin/security/password", cookie, {
      password: "not-my-password",
    });
    expect(wrong.status).toBe(401);
    expect((await safeJson(wrong)).message).toBe("That password is not right.");
    const bad = await call(confirmPassword, "POST", "/api/admin/security/password", cookie, { password: 7 });
    expect(bad.status).toBe(400);
    expect((await call(newRecoveryCodes, "POST", "/api/admin/security/recovery-codes", cookie)).status).toBe(403);

    const right = await call(confirmPassword, "POST", "/api/admin/security/password", cookie, {
      password: TEST_PASSWORD,
    });
    expect([right.status, await safeJson(right)]).toEqual([200, { message: "Password confirmed" }]);
    const made = await call(newRecoveryCodes, "POST", "/api/admin/security/recovery-codes", cookie);
    expect(made.status).toBe(200);
    expect((await safeJson<{ recoveryCodes: string[] }>(made)).recoveryCodes).toHaveLength(10);
    expect(await getDb().auditLog.count({ where: { action: "security.password_confirmed", adminId: admin.id } })).toBe(
      1,
    );
  });

  it("is not asked for within 10 minutes of signing in", async () => {
    const { cookie } = await signedInMinutesAgo(9);
    expect((await call(newRecoveryCodes, "POST", "/api/admin/security/recovery-codes", cookie)).status).toBe(200);
  });
});
