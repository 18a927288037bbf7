// Helpers for the admin tests only; nothing in the app imports this file.
import { randomBytes } from "node:crypto";

import { requireAdmin } from "@/lib/auth/guard";
import { hashPassword } from "@/lib/auth/password";
import { createSessionCookie } from "@/lib/auth/session";
import { getDb } from "@/lib/db";

export const TEST_PASSWORD = "correct-horse-battery";

let cachedHash: Promise<string> | undefined;

/** A bcrypt hash of TEST_PASSWORD, made once per test file because cost 12 takes a quarter second. */
export function testPasswordHash(): Promise<string> {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  return cachedHash;
}

/** Inserts an admin whose password is TEST_PASSWORD; returns the row without its hash. */
export async function insertAdmin(fields: {
  email: string;
  name?: string;
  isActive?: boolean;
  role?: "admin" | "member" | "viewer";
}) {
  return getDb().adminUser.create({
    data: {
      email: fields.email.toLowerCase(),
      name: fields.name ?? "Test Admin",
      isActive: fields.isActive ?? true,
      role: fields.role ?? "admin",
      password: await testPasswordHash(),
    },
    select: { id: true, email: true, name: true, isActive: true },
  });
}

/**
 * Starts a session for an admin as a sign-in would (a session row, with no audit entry, so tests of the
 * audit log count only what they do) and returns the session's id and its `Cookie` header value.
 */
export async function startTestSession(admin: { id: number }, client: { userAgent?: string; ip?: string } = {}) {
  const sessionId = randomBytes(32).toString("base64url");
  await getDb().adminSession.create({
    data: {
      id: sessionId,
      adminId: admin.id,
      expiresAt: new Date(Date.now() + 8 * 60 * 60 * 1000),
      userAgent: client.userAgent ?? null,
      ip: client.ip ?? null,
    },
  });
  const setCookie = await createSessionCookie(new Request("http://localhost/"), { adminId: admin.id, sessionId });
  return { sessionId, cookie: setCookie.split(";")[0]! };
}

/** The `Cookie` header value of a new valid session for an admin. */
export async function sessionCookieFor(admin: { id: number }): Promise<string> {
  return (await startTestSession(admin)).cookie;
}

/** The admin as requireAdmin returns it for a request carrying a valid session: what admin data functions accept. */
export async function verifiedAdminFor(admin: { id: number }) {
  return requireAdmin(new Request("http://localhost/", { headers: { cookie: await sessionCookieFor(admin) } }));
}

/** A request as the site's own pages send it: JSON body when given, same-origin, optional cookie. */
export function testRequest(
  path: string,
  options: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
): Request {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers["content-type"] ??= "application/json";
  if (options.cookie) headers.cookie = options.cookie;
  return new Request(`http://localhost${path}`, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers,
    body:
      options.body === undefined
        ? undefined
        : typeof options.body === "string"
          ? options.body
          : JSON.stringify(options.body),
  });
}

/** The response body as text, failing the test if it contains anything that looks like a bcrypt hash. */
export async function safeText(response: Response): Promise<string> {
  const text = await response.text();
  if (text.includes("$2")) throw new Error(`A response body contains a bcrypt hash: ${text}`);
  return text;
}

/** The response body parsed as JSON, after the same hash check as safeText. */
export async function safeJson<T = Record<string, unknown>>(response: Response): Promise<T> {
  return JSON.parse(await safeText(response)) as T;
}
