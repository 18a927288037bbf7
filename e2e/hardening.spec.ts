import http from "node:http";
import { expect, test } from "@playwright/test";

import { awayFromWindowEdge } from "@/test/rate-limit-window";

// Found by probing a running server: each check here goes through real HTTP to a production build.
const bareUrl = process.env.E2E_BARE_URL!;

const signup = (i: number) => ({
  name: "Probe Person",
  email: `probe-${Date.now()}-${i}@example.com`,
  businessType: "cleaning",
  employees: "1",
  agreedToTerms: true,
});

test.describe("hardening", () => {
  test("a server with no trusted proxy ignores X-Forwarded-For: a client cannot pick its own address to escape the signup limit", async ({
    request,
  }) => {
    // Stay inside one minute-long window of the limit.
    await awayFromWindowEdge(60_000, 15_000);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await request.post(`${bareUrl}/api/waitlist`, {
        data: signup(i),
        headers: { "X-Forwarded-For": `198.18.${i}.${i + 1}`, "X-Real-IP": `198.19.${i}.1` },
      });
      statuses.push(response.status());
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  test("a garbled session cookie is no session: the admin pages send to sign-in and clear it, the API answers 401", async ({
    request,
    browser,
  }) => {
    const garbled = { Cookie: "authjs.session-token=%ZZ%" };
    const page = await request.get("/admin", { headers: garbled, maxRedirects: 0 });
    expect(page.status()).toBe(307);
    expect(page.headers()["location"]).toMatch(/\/admin\/login$/);
    expect(page.headers()["set-cookie"]).toMatch(/authjs\.session-token=;.*Max-Age=0/);

    const api = await request.get("/api/admin/session", { headers: garbled });
    expect(api.status()).toBe(401);
    expect(api.headers()["set-cookie"]).toMatch(/authjs\.session-token=;.*Max-Age=0/);
    expect(api.headers()["x-content-type-options"]).toBe("nosniff");
    expect(await api.json()).toEqual({ isAuthenticated: false, admin: null });
    const list = await request.get("/api/admin/waitlist", { headers: garbled });
    expect(list.status()).toBe(401);
    expect(await list.json()).toEqual({ message: expect.any(String) });

    // In a browser holding the planted cookie, the sign-in page still works.
    const context = await browser.newContext();
    await context.addCookies([{ name: "authjs.session-token", value: "%ZZ%", url: test.info().project.use.baseURL! }]);
    const tab = await context.newPage();
    const response = await tab.goto("/admin");
    expect(response?.status()).toBe(200);
    await expect(tab).toHaveURL(/\/admin\/login$/);
    await expect(tab.getByRole("button", { name: /sign in/i })).toBeVisible();
    await context.close();
  });

  test("a NUL byte in any text is a 400 with a field message, never a 500", async ({ request }) => {
    const response = await request.post("/api/waitlist", {
      data: { ...signup(99), name: "Null\u0000Byte" },
      headers: { "X-Forwarded-For": "198.18.200.1" },
    });
    expect(response.status()).toBe(400);
    const body = await response.json();
    expect(body.errors.name.join(" ")).toMatch(/control characters/);
  });

  for (const [path, type] of [
    ["/api/waitlist", "application/json"],
    // The one-click leave form, which anyone may post without signing in.
    [`/api/waitlist/leave?token=${"0".repeat(64)}`, "application/x-www-form-urlencoded"],
  ] as const) {
    test(`an oversized body to ${path.split("?")[0]} is refused from its declared size, before the rest of it is sent`, async () => {
      // 12 MB declared, 64 KB sent: an answer can only come if nothing waits to read the whole body first.
      const status = await new Promise<number>((resolve, reject) => {
        const request = http.request(`${test.info().project.use.baseURL}${path}`, {
          method: "POST",
          headers: {
            "Content-Type": type,
            "Content-Length": String(12 * 1024 * 1024),
            "X-Forwarded-For": "198.18.201.1",
          },
        });
        const timer = setTimeout(() => reject(new Error("no answer while the body was still incomplete")), 10_000);
        request.on("response", (response) => {
          clearTimeout(timer);
          response.resume();
          request.destroy();
          resolve(response.statusCode ?? 0);
        });
        request.on("error", (error) => {
          clearTimeout(timer);
          reject(error);
        });
        request.write(Buffer.alloc(64 * 1024, " "));
      });
      expect(status).toBe(413);
    });
  }
});
