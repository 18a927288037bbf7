import bcrypt from "bcryptjs";

import { POST as login } from "@/app/api/admin/login/route";
import { GET as session } from "@/app/api/admin/session/route";
import { isFamiliar, loginSlowdownMs } from "@/lib/auth/login-throttle";
import { BCRYPT_COST, BCRYPT_MAX_BYTES, hashPassword } from "@/lib/auth/password";
import { getDb } from "@/lib/db";
import { NOT_JSON_MESSAGE } from "@/lib/http";
import { insertAdmin, safeJson, TEST_PASSWORD, testRequest } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";
import { awayFromWindowEdge } from "@/test/rate-limit-window";

prepareTestDatabase();

beforeEach(async () => {
  await resetDatabase();
});

let ipCounter = 0;
/** A fresh client address per call, so only the limit under test can trip. */
const freshIp = () => `198.51.100.${++ipCounter % 250}`;

function attempt(
  email: string,
  password: string,
  options: { ip?: string; headers?: Record<string, string>; url?: string } = {},
) {
  const request = testRequest("/api/admin/login", {
    body: { email, password },
    headers: { "x-forwarded-for": options.ip ?? freshIp(), ...options.headers },
  });
  return login(options.url ? new Request(options.url, request) : request, undefined);
}

// Failures count in fixed 15-minute windows (the route's LOGIN_FAILURE_WINDOW_MS). A throttle test runs up to
// ten bcrypt comparisons: give it 20 s inside one window, and the time to wait for the next one.
const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
const insideOneWindow = () => awayFromWindowEdge(THROTTLE_WINDOW_MS, 20_000);
const THROTTLE_TEST_TIMEOUT_MS = 60_000;

describe(`POST /api/admin/login (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("signs in with the right password: 200 with name and email, and an HttpOnly SameSite=Lax session cookie", async () => {
    await insertAdmin({ email: "ada@example.com", name: "Ada Lovelace" });
    const response = await attempt("  ADA@Example.com ", TEST_PASSWORD);
    expect(response.status).toBe(200);
    expect(await safeJson(response)).toEqual({
      message: "Login successful",
      admin: { name: "Ada Lovelace", email: "ada@example.com" },
    });

    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^authjs\.session-token=[^;]+;/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain(`Max-Age=${8 * 60 * 60}`);
    expect(cookie).not.toContain("Secure");

    const check = await session(testRequest("/api/admin/session", { cookie: cookie.split(";")[0] }), undefined);
    expect(await safeJson(check)).toEqual({
      isAuthenticated: true,
      admin: { name: "Ada Lovelace", email: "ada@example.com" },
    });
  });

  it("marks the cookie Secure (with the __Secure- prefix) over HTTPS", async () => {
    await insertAdmin({ email: "ada@example.com" });
    const response = await attempt("ada@example.com", TEST_PASSWORD, { url: "https://otto.example/api/admin/login" });
    expect(response.status).toBe(200);
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^__Secure-authjs\.session-token=/);
    expect(cookie).toMatch(/; Secure(;|$)/);
  });

  it("answers unknown email, wrong password and deactivated account identically, after the same bcrypt work", async () => {
    await insertAdmin({ email: "ada@example.com" });
    await insertAdmin({ email: "gone@example.com", isActive: false });
    const cases = {
      unknown: () => attempt("nobody@example.com", TEST_PASSWORD),
      wrongPassword: () => attempt("ada@example.com", "not-the-password"),
      deactivated: () => attempt("gone@example.com", TEST_PASSWORD),
    };
    // The work, not the clock: every path runs exactly one bcrypt comparison against a hash of the same cost,
    // so none answers sooner than another (timings belong in benchmarks, and vary with the machine's load).
    const compare = jest.spyOn(bcrypt, "compare");
    try {
      for (const [name, run] of Object.entries(cases)) {
        compare.mockClear();
        const response = await run();
        expect(response.status).toBe(401);
        expect(response.headers.get("set-cookie")).toBeNull();
        expect(await response.text()).toBe(JSON.stringify({ message: "Invalid email or password" }));
        expect(`${name}: ${compare.mock.calls.length} comparison(s)`).toBe(`${name}: 1 comparison(s)`);
        expect(bcrypt.getRounds(String(compare.mock.calls[0]?.[1]))).toBe(BCRYPT_COST);
      }
    } finally {
      compare.mockRestore();
    }
  });

  it("never accepts a password longer than bcrypt's 72 bytes, even when its first 72 bytes are right", async () => {
    const exact = "p".repeat(BCRYPT_MAX_BYTES);
    await getDb().adminUser.create({
      data: { email: "long@example.com", name: "Long", password: await hashPassword(exact) },
    });
    expect((await attempt("long@example.com", exact)).status).toBe(200);
    const longer = await attempt("long@example.com", `${exact}-and-then-some`);
    expect(longer.status).toBe(401);
    expect(await longer.json()).toEqual({ message: "Invalid email or password" });
  });

  it("validates the body with the form's messages (400) and wants JSON (400 with a message)", async () => {
    const response = await attempt("not-an-email", "short");
    expect(response.status).toBe(400);
    const body = await safeJson<{ errors: Record<string, string[]> }>(response);
    expect(body.errors.email).toEqual(["Please enter a valid email address"]);
    expect(body.errors.password).toEqual(["Password must be at least 8 characters"]);

    const form = await login(
      new Request("http://localhost/api/admin/login", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "email=a",
      }),
      undefined,
    );
    expect(form.status).toBe(400);
    expect(await safeJson(form)).toEqual({ message: NOT_JSON_MESSAGE });
  });

  it("refuses cross-site sign-in attempts with 403", async () => {
    await insertAdmin({ email: "ada@example.com" });
    const fromOrigin = await attempt("ada@example.com", TEST_PASSWORD, { headers: { origin: "https://evil.example" } });
    expect(fromOrigin.status).toBe(403);
    expect(fromOrigin.headers.get("set-cookie")).toBeNull();
    const fromFetchMetadata = await attempt("ada@example.com", TEST_PASSWORD, {
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(fromFetchMetadata.status).toBe(403);
    const sameOrigin = await attempt("ada@example.com", TEST_PASSWORD, {
      headers: { origin: "http://localhost", "sec-fetch-site": "same-origin" },
    });
    expect(sameOrigin.status).toBe(200);
  });

  it("reads X-Forwarded-Host only behind a trusted proxy", async () => {
    await insertAdmin({ email: "ada@example.com" });
    const hops = process.env.TRUSTED_PROXY_HOPS;
    process.env.TRUSTED_PROXY_HOPS = "0";
    try {
      // Reaching the server directly, a client names any host it likes.
      const direct = await attempt("ada@example.com", TEST_PASSWORD, {
        headers: { origin: "https://evil.example", "x-forwarded-host": "evil.example" },
      });
      expect(direct.status).toBe(403);
      expect(direct.headers.get("set-cookie")).toBeNull();
    } finally {
      process.env.TRUSTED_PROXY_HOPS = hops;
    }
    // Behind a proxy of ours, the host it names is the site's.
    const proxied = await attempt("ada@example.com", TEST_PASSWORD, {
      headers: { origin: "https://otto.example", "x-forwarded-host": "otto.example" },
    });
    expect(proxied.status).toBe(200);
  });

  it(
    "blocks one client after 5 failures for an email in 15 minutes, with 429 and Retry-After, even for the right password",
    async () => {
      await insideOneWindow();
      await insertAdmin({ email: "ada@example.com" });
      const ip = "203.0.113.60";
      for (let i = 0; i < 5; i++)
        expect((await attempt("ada@example.com", `wrong-password-${i}`, { ip })).status).toBe(401);
      const blocked = await attempt("ada@example.com", TEST_PASSWORD, { ip });
      expect(blocked.status).toBe(429);
      const retryAfter = Number(blocked.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect((await blocked.json()).message).toMatch(/too many/i);
      expect(blocked.headers.get("set-cookie")).toBeNull();
      // The owner, from their own connection, is not locked out by someone else's guesses.
      expect((await attempt("ada@example.com", TEST_PASSWORD, { ip: "203.0.113.61" })).status).toBe(200);
    },
    THROTTLE_TEST_TIMEOUT_MS,
  );

  it(
    "never locks an account: failures from many addresses slow the email down, and the right password still gets in",
    async () => {
      await insideOneWindow();
      await insertAdmin({ email: "ada@example.com" });
      const statuses = [];
      for (let i = 0; i < 12; i++) statuses.push((await attempt("ada@example.com", `wrong-password-${i}`)).status);
      expect(new Set(statuses)).toEqual(new Set([401]));
      expect((await attempt("ada@example.com", TEST_PASSWORD)).status).toBe(200);
    },
    THROTTLE_TEST_TIMEOUT_MS,
  );

  it("slows strangers progressively once an email has failed 10 times, up to a few seconds, and spares familiar clients", async () => {
    expect([0, 10].map(loginSlowdownMs)).toEqual([0, 0]);
    expect(loginSlowdownMs(11)).toBeGreaterThan(0);
    expect(loginSlowdownMs(14)).toBeGreaterThan(loginSlowdownMs(12));
    expect(loginSlowdownMs(1_000)).toBeLessThanOrEqual(5_000);

    await insertAdmin({ email: "ada@example.com" });
    const ip = "203.0.113.62";
    const fromIp = (address: string, headers: Record<string, string> = {}) =>
      testRequest("/api/admin/login", { body: {}, headers: { "x-forwarded-for": address, ...headers } });
    expect(await isFamiliar(fromIp(ip), "ada@example.com", ip)).toBe(false);
    const signedIn = await attempt("ada@example.com", TEST_PASSWORD, { ip });
    expect(signedIn.status).toBe(200);
    // The address it signed in from, and any client holding that admin's session, are familiar from now on.
    expect(await isFamiliar(fromIp(ip), "ada@example.com", ip)).toBe(true);
    expect(await isFamiliar(fromIp("203.0.113.63"), "ada@example.com", "203.0.113.63")).toBe(false);
    const cookie = signedIn.headers.get("set-cookie")!.split(";")[0]!;
    expect(await isFamiliar(fromIp("203.0.113.63", { cookie }), "ada@example.com", "203.0.113.63")).toBe(true);
    expect(await isFamiliar(fromIp("203.0.113.63", { cookie }), "grace@example.com", "203.0.113.63")).toBe(false);
  });

  it(
    "throttles unknown emails the same way, so the 429 reveals nothing about which accounts exist",
    async () => {
      await insideOneWindow();
      const ip = "203.0.113.64";
      for (let i = 0; i < 5; i++) expect((await attempt("ghost@example.com", TEST_PASSWORD, { ip })).status).toBe(401);
      const blocked = await attempt("ghost@example.com", TEST_PASSWORD, { ip });
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
    },
    THROTTLE_TEST_TIMEOUT_MS,
  );

  it(
    "throttles one client IP after 5 failures, whatever emails it tries",
    async () => {
      await insideOneWindow();
      await insertAdmin({ email: "ada@example.com" });
      const ip = "203.0.113.77";
      for (let i = 0; i < 5; i++)
        expect((await attempt(`guess${i}@example.com`, TEST_PASSWORD, { ip })).status).toBe(401);
      const blocked = await attempt("ada@example.com", TEST_PASSWORD, { ip });
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
      expect((await attempt("ada@example.com", TEST_PASSWORD, { ip: "203.0.113.78" })).status).toBe(200);
    },
    THROTTLE_TEST_TIMEOUT_MS,
  );

  it(
    "throttles the address the proxy added, whatever the client puts before it in X-Forwarded-For",
    async () => {
      await insideOneWindow();
      const ip = "203.0.113.79";
      for (let i = 0; i < 5; i++) {
        expect((await attempt(`rotate${i}@example.com`, TEST_PASSWORD, { ip: `192.0.2.${i + 1}, ${ip}` })).status).toBe(
          401,
        );
      }
      expect((await attempt("rotate5@example.com", TEST_PASSWORD, { ip: `192.0.2.99, ${ip}` })).status).toBe(429);
    },
    THROTTLE_TEST_TIMEOUT_MS,
  );

  it(
    "counts an IPv6 client by its /64, so walking through its own addresses does not reset the count",
    async () => {
      await insideOneWindow();
      await insertAdmin({ email: "ada@example.com" });
      for (let i = 0; i < 5; i++)
        expect((await attempt(`walk${i}@example.com`, TEST_PASSWORD, { ip: `2001:db8:7:1::${i + 1}` })).status).toBe(
          401,
        );
      expect(
        (await attempt("ada@example.com", TEST_PASSWORD, { ip: "2001:0DB8:0007:0001:ffff:ffff:ffff:fffe" })).status,
      ).toBe(429);
      // The next /64 is another client.
      expect((await attempt("ada@example.com", TEST_PASSWORD, { ip: "2001:db8:7:2::1" })).status).toBe(200);
    },
    THROTTLE_TEST_TIMEOUT_MS,
  );

  it(
    "counts an IPv4 client the same whether its address comes plain or IPv4-mapped",
    async () => {
      await insideOneWindow();
      for (let i = 0; i < 5; i++)
        expect(
          (
            await attempt(`mapped${i}@example.com`, TEST_PASSWORD, {
              ip: i % 2 ? "203.0.113.81" : "::ffff:203.0.113.81",
            })
          ).status,
        ).toBe(401);
      expect((await attempt("mapped5@example.com", TEST_PASSWORD, { ip: "203.0.113.81" })).status).toBe(429);
    },
    THROTTLE_TEST_TIMEOUT_MS,
  );

  it("forgets earlier failures after a successful sign-in", async () => {
    await insertAdmin({ email: "ada@example.com" });
    const ip = "203.0.113.90";
    for (let i = 0; i < 4; i++) expect((await attempt("ada@example.com", "wrong-password", { ip })).status).toBe(401);
    expect((await attempt("ada@example.com", TEST_PASSWORD, { ip })).status).toBe(200);
    const counters = await getDb().rateLimit.findMany({
      where: {
        key: {
          in: [`login-fail:ip:${ip}`, `login-fail:pair:${ip}:ada@example.com`, "login-fail:email:ada@example.com"],
        },
      },
    });
    expect(counters).toEqual([]);
  });

  it(
    "holds the limit against a burst of parallel guesses",
    async () => {
      await insideOneWindow();
      await insertAdmin({ email: "ada@example.com" });
      const responses = await Promise.all(
        Array.from({ length: 9 }, (_, i) => attempt("ada@example.com", `parallel-guess-${i}`, { ip: "203.0.113.65" })),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 401).length).toBe(5);
      expect(statuses.filter((s) => s === 429).length).toBe(4);
    },
    THROTTLE_TEST_TIMEOUT_MS,
  );
});
