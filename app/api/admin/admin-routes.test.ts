import { existsSync } from "node:fs";
import path from "node:path";

import { apiRequest, insertAdmin, safeText, sessionCookieFor } from "@/lib/auth/test-support";
import { getDb } from "@/lib/db";
import { resetDatabase, useTestDatabase } from "@/test/db";

useTestDatabase();

// Every admin API route except login, including ones other features add; missing ones are skipped.
const ADMIN_ROUTES = [
  "session",
  "logout",
  "users",
  "users/[id]/toggle-status",
  "waitlist",
  "waitlist/export",
] as const;
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

interface Target {
  route: string;
  method: string;
  url: string;
  handler: Handler;
}

async function loadTargets(): Promise<Target[]> {
  const targets: Target[] = [];
  for (const route of ADMIN_ROUTES) {
    if (!existsSync(path.join(process.cwd(), "app/api/admin", route, "route.ts"))) continue;
    const mod = (await import(`@/app/api/admin/${route}/route`)) as Record<string, unknown>;
    for (const method of METHODS) {
      const handler = mod[method];
      if (typeof handler === "function") {
        targets.push({ route, method, url: `/api/admin/${route.replace("[id]", "1")}`, handler: handler as Handler });
      }
    }
  }
  return targets;
}

function call(target: Target, headers: Record<string, string> = {}) {
  const hasBody = !["GET", "HEAD", "OPTIONS"].includes(target.method);
  const request = apiRequest(target.url, { method: target.method, body: hasBody ? { isActive: false, name: "X", email: "x@example.com", password: "password-123" } : undefined, headers });
  return target.handler(request, { params: Promise.resolve({ id: "1" }) });
}

let targets: Target[];
let validCookie: string;

beforeAll(async () => {
  targets = await loadTargets();
  await resetDatabase();
  const admin = await insertAdmin({ email: "ada@example.com" });
  await insertAdmin({ email: "grace@example.com" });
  validCookie = await sessionCookieFor(admin);
});

describe(`every /api/admin/* route except login (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("finds the routes this feature owns", () => {
    const found = targets.map((t) => `${t.method} ${t.route}`);
    expect(found).toEqual(expect.arrayContaining(["GET session", "POST logout", "GET users", "POST users", "PATCH users/[id]/toggle-status"]));
  });

  it("answers 401 without a session, changing nothing", async () => {
    const wrong: string[] = [];
    for (const target of targets) {
      const response = await call(target);
      if (response.status !== 401) wrong.push(`${target.method} ${target.route} -> ${response.status}`);
      await safeText(response);
    }
    expect(wrong).toEqual([]);
    expect(await getDb().adminUser.count({ where: { isActive: true } })).toBe(2);
  });

  it("answers 401 to a valid session cookie sent with x-middleware-subrequest (the proxy-bypass header)", async () => {
    const wrong: string[] = [];
    for (const target of targets) {
      for (const value of ["middleware", "src/middleware:proxy:middleware", "1"]) {
        const response = await call(target, { cookie: validCookie, "x-middleware-subrequest": value });
        if (response.status !== 401) wrong.push(`${target.method} ${target.route} (${value}) -> ${response.status}`);
        await safeText(response);
      }
    }
    expect(wrong).toEqual([]);
    expect(await getDb().adminUser.count({ where: { isActive: true } })).toBe(2);
    expect(await getDb().adminUser.count()).toBe(2);
  });

  it("answers 401 to a well-formed cookie signed with another secret", async () => {
    const { encode } = await import("next-auth/jwt");
    const token = await encode({ token: { adminId: 1, sessionVersion: 0 }, secret: "some-other-secret-".padEnd(48, "y"), salt: "authjs.session-token", maxAge: 3600 });
    const wrong: string[] = [];
    for (const target of targets) {
      const response = await call(target, { cookie: `authjs.session-token=${token}` });
      if (response.status !== 401) wrong.push(`${target.method} ${target.route} -> ${response.status}`);
    }
    expect(wrong).toEqual([]);
  });
});
