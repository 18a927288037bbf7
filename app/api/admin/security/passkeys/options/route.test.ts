import { POST as signInOptions } from "@/app/api/admin/login/passkey-options/route";
import { POST as login } from "@/app/api/admin/login/route";
import { POST as registrationOptions } from "@/app/api/admin/security/passkeys/options/route";
import { getDb } from "@/lib/db";
import { insertAdmin, safeJson, sessionCookieFor, TEST_PASSWORD, testRequest } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

// Each options request stores a challenge: how often a session, or a half-signed-in cookie, may ask.

prepareTestDatabase();
beforeEach(() => resetDatabase());

let ipCounter = 0;
const freshIp = () => `198.51.100.${(++ipCounter % 250) + 1}`;
const ask = (handler: typeof registrationOptions, path: string, cookie: string) =>
  handler(testRequest(path, { method: "POST", cookie, headers: { "x-forwarded-for": freshIp() } }), undefined);

describe(`passkey options (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("gives a signed-in admin ten registration options a minute, then a 429 with a message", async () => {
    const admin = await insertAdmin({ email: "ada@example.com" });
    const cookie = await sessionCookieFor(admin);
    for (let n = 0; n < 10; n++)
      expect((await ask(registrationOptions, "/api/admin/security/passkeys/options", cookie)).status).toBe(200);
    const refused = await ask(registrationOptions, "/api/admin/security/passkeys/options", cookie);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await safeJson(refused)).toEqual({
      message: "Too many passkey requests. Please wait a minute and try again.",
    });
    expect(await getDb().adminAuthChallenge.count()).toBe(10);
  });

  it("gives a half-signed-in cookie ten sign-in options a minute", async () => {
    const admin = await insertAdmin({ email: "ada@example.com" });
    await getDb().adminPasskey.create({
      data: { id: "a2V5LW9uZQ", adminId: admin.id, name: "Laptop", publicKey: Buffer.from([1, 2, 3]), counter: 0n },
    });
    const signedIn = await login(
      testRequest("/api/admin/login", {
        body: { email: "ada@example.com", password: TEST_PASSWORD },
        headers: { "x-forwarded-for": freshIp() },
      }),
      undefined,
    );
    const pending = signedIn.headers
      .getSetCookie()
      .find((line) => line.startsWith("otto.second-step="))!
      .split(";")[0]!;
    for (let n = 0; n < 10; n++)
      expect((await ask(signInOptions, "/api/admin/login/passkey-options", pending)).status).toBe(200);
    expect((await ask(signInOptions, "/api/admin/login/passkey-options", pending)).status).toBe(429);
  });
});
