import { readdirSync } from "node:fs";
import path from "node:path";

import { getDb } from "@/lib/db";
import { insertAdmin, safeText, sessionCookieFor, testRequest } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

// Every admin API route except login, found on disk: a route added later is covered without listing it here.
const ADMIN_API_DIR = path.join(process.cwd(), "app/api/admin");
const PUBLIC_ROUTES = new Set(["login"]);
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

type Params = Record<string, string | string[]>;
type Handler = (request: Request, context: { params: Promise<Params> }) => Promise<Response>;

interface Target {
  route: string;
  method: string;
  url: string;
  params: Params;
  handler: Handler;
}

/** The folders under app/api/admin that hold a route.ts, relative to it, e.g. "users/[id]/toggle-status". */
function adminRouteFolders(): string[] {
  return readdirSync(ADMIN_API_DIR, { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === "route.ts")
    .map((file) => path.dirname(file).split(path.sep).join("/"))
    .filter((route) => !PUBLIC_ROUTES.has(route))
    .sort();
}

/** Fills each dynamic segment ([id], [...slug], [[...slug]]) with "1". */
function concrete(route: string): { url: string; params: Params } {
  const params: Params = {};
  const segments = route.split("/").map((segment) => {
    const match = /^\[{1,2}(\.\.\.)?([^\]]+)\]{1,2}$/.exec(segment);
    if (!match) return segment;
    params[match[2]!] = match[1] ? ["1"] : "1";
    return "1";
  });
  return { url: `/api/admin/${segments.join("/")}`, params };
}

async function loadTargets(routes: string[]): Promise<Target[]> {
  const targets: Target[] = [];
  for (const route of routes) {
    const mod = (await import(path.join(ADMIN_API_DIR, route, "route.ts"))) as Record<string, unknown>;
    for (const method of METHODS) {
      const handler = mod[method];
      if (typeof handler === "function")
        targets.push({ route, method, ...concrete(route), handler: handler as Handler });
    }
  }
  return targets;
}

function call(target: Target, headers: Record<string, string> = {}) {
  const hasBody = !["GET", "HEAD", "OPTIONS"].includes(target.method);
  const request = testRequest(target.url, {
    method: target.method,
    body: hasBody ? { isActive: false, name: "X", email: "x@example.com", password: "password-123" } : undefined,
    headers,
  });
  return target.handler(request, { params: Promise.resolve(target.params) });
}

let routes: string[];
let targets: Target[];
let validCookie: string;

beforeAll(async () => {
  routes = adminRouteFolders();
  targets = await loadTargets(routes);
  await resetDatabase();
  const admin = await insertAdmin({ email: "ada@example.com" });
  await insertAdmin({ email: "grace@example.com" });
  validCookie = await sessionCookieFor(admin);
});

describe(`every /api/admin/* route except login (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("finds every admin route on disk, login excepted, and a handler in each", () => {
    expect(routes).toEqual(
      expect.arrayContaining(["logout", "session", "users", "users/[id]/toggle-status", "waitlist", "waitlist/export"]),
    );
    expect(routes).not.toContain("login");
    const found = targets.map((t) => `${t.method} ${t.route}`);
    expect(found).toEqual(
      expect.arrayContaining([
        "GET session",
        "POST logout",
        "GET users",
        "POST users",
        "PATCH users/[id]/toggle-status",
      ]),
    );
    // A route file whose handlers were not found would silently escape the checks below.
    expect(routes.filter((route) => !targets.some((t) => t.route === route))).toEqual([]);
  });

  it("fills dynamic segments", () => {
    expect(concrete("users/[id]/toggle-status")).toEqual({
      url: "/api/admin/users/1/toggle-status",
      params: { id: "1" },
    });
    expect(concrete("files/[...path]")).toEqual({ url: "/api/admin/files/1", params: { path: ["1"] } });
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
    const token = await encode({
      token: { adminId: 1, sid: "s".repeat(43) },
      secret: "some-other-secret-".padEnd(48, "y"),
      salt: "authjs.session-token",
      maxAge: 3600,
    });
    const wrong: string[] = [];
    for (const target of targets) {
      const response = await call(target, { cookie: `authjs.session-token=${token}` });
      if (response.status !== 401) wrong.push(`${target.method} ${target.route} -> ${response.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it("treats a garbled session cookie (%ZZ%) as no session: 401 with the cookie cleared, never a 500", async () => {
    const wrong: string[] = [];
    for (const target of targets) {
      for (const value of ["%ZZ%", "%", "%E0%A4%A"]) {
        const response = await call(target, { cookie: `authjs.session-token=${value}` });
        const cleared = /authjs\.session-token=;.*Max-Age=0/.test(response.headers.get("set-cookie") ?? "");
        if (response.status !== 401 || !cleared)
          wrong.push(
            `${target.method} ${target.route} (${value}) -> ${response.status}${cleared ? "" : " (cookie kept)"}`,
          );
      }
    }
    expect(wrong).toEqual([]);
  });
});
