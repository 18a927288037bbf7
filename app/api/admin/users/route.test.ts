import { POST as login } from "@/app/api/admin/login/route";
import { POST as createUser, GET as listUsers } from "@/app/api/admin/users/route";
import { BCRYPT_COST } from "@/lib/auth/password";
import { getDb } from "@/lib/db";
import { NOT_JSON_MESSAGE } from "@/lib/http";
import { insertAdmin, safeJson, sessionCookieFor, testRequest } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

let cookie: string;

beforeEach(async () => {
  await resetDatabase();
  const admin = await insertAdmin({ email: "ada@example.com", name: "Ada Lovelace" });
  cookie = await sessionCookieFor(admin);
});

const create = (body: unknown, headers: Record<string, string> = {}) =>
  createUser(testRequest("/api/admin/users", { method: "POST", body, cookie, headers }), undefined);

interface AdminJson {
  id: number;
  name: string;
  email: string;
  isActive: boolean;
  createdAt: string;
  role: string;
}

describe(`GET /api/admin/users (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("lists every admin as { admins: [{ id, name, email, isActive, createdAt, role }] }, never a password", async () => {
    await insertAdmin({ email: "grace@example.com", name: "Grace Hopper", isActive: false });
    const response = await listUsers(testRequest("/api/admin/users", { cookie }), undefined);
    expect(response.status).toBe(200);
    const body = await safeJson<{ admins: AdminJson[] }>(response);
    expect(body.admins.map((a) => Object.keys(a).sort())).toEqual([
      ["createdAt", "email", "id", "isActive", "name", "role"],
      ["createdAt", "email", "id", "isActive", "name", "role"],
    ]);
    expect(body.admins.map((a) => [a.name, a.email, a.isActive])).toEqual([
      ["Ada Lovelace", "ada@example.com", true],
      ["Grace Hopper", "grace@example.com", false],
    ]);
    expect(new Date(body.admins[0]!.createdAt).toString()).not.toBe("Invalid Date");
  });
});

describe("POST /api/admin/users", () => {
  it("creates an admin (201, no password in the answer) who can then sign in, with a cost-12 bcrypt hash stored", async () => {
    const response = await create({
      name: "  Grace Hopper ",
      email: "Grace@Example.com",
      password: "a-good-long-password",
    });
    expect(response.status).toBe(201);
    const body = await safeJson<{ message: string; admin: AdminJson }>(response);
    expect(body.message).toBe("Admin user created successfully");
    expect(body.admin).toEqual({
      id: expect.any(Number),
      name: "Grace Hopper",
      email: "grace@example.com",
      isActive: true,
      createdAt: expect.any(String),
      // No role asked for: full rights, exactly as before roles existed.
      role: "admin",
    });

    const row = await getDb().adminUser.findUniqueOrThrow({ where: { email: "grace@example.com" } });
    const cost = Number(/^\$2[aby]\$(\d\d)\$/.exec(row.password)?.[1]);
    expect(cost).toBeGreaterThanOrEqual(12);
    expect(cost).toBe(BCRYPT_COST);
    expect(row.password).not.toContain("a-good-long-password");

    const signIn = await login(
      testRequest("/api/admin/login", { body: { email: "grace@example.com", password: "a-good-long-password" } }),
      undefined,
    );
    expect(signIn.status).toBe(200);
  });

  it("answers 409 for an email already in use, whatever its case", async () => {
    const response = await create({ name: "Ada Again", email: "ADA@EXAMPLE.COM", password: "a-good-long-password" });
    expect(response.status).toBe(409);
    const body = await safeJson<{ message: string }>(response);
    expect(body.message).toMatch(/already exists/i);
    expect(await getDb().adminUser.count()).toBe(1);
  });

  it("lets the unique index decide between two simultaneous creations of the same email", async () => {
    const input = { name: "Twin", email: "twin@example.com", password: "a-good-long-password" };
    const statuses = (await Promise.all([create(input), create({ ...input, email: "TWIN@example.com" })]))
      .map((r) => r.status)
      .sort();
    expect(statuses).toEqual([201, 409]);
  });

  it("creates an admin with the role asked for, audited with it; refuses any other role with 400 on the role field", async () => {
    const viewer = await create({
      name: "Grace Hopper",
      email: "grace@example.com",
      password: "a-good-long-password",
      role: "viewer",
    });
    expect(viewer.status).toBe(201);
    expect((await safeJson<{ admin: AdminJson }>(viewer)).admin.role).toBe("viewer");
    const audit = await getDb().auditLog.findFirstOrThrow({ where: { action: "admin.create" } });
    expect(audit.details).toEqual({ email: "grace@example.com", role: "viewer" });

    for (const role of ["owner", "ADMIN", "", 1, null]) {
      const response = await create({
        name: "Eve Bad",
        email: "eve@example.com",
        password: "a-good-long-password",
        role,
      });
      expect(response.status).toBe(400);
      const body = await safeJson<{ errors: Record<string, string[]> }>(response);
      expect(body.errors).toEqual({ role: ["Role must be admin, member or viewer"] });
    }
    expect(await getDb().adminUser.count()).toBe(2);
  });

  it("refuses a member or a viewer with 403: only an admin with full rights adds admins", async () => {
    for (const role of ["member", "viewer"] as const) {
      const narrower = await insertAdmin({ email: `${role}@example.com`, role });
      const response = createUser(
        testRequest("/api/admin/users", {
          method: "POST",
          body: { name: "Eve Sneaky", email: "eve@example.com", password: "a-good-long-password" },
          cookie: await sessionCookieFor(narrower),
        }),
        undefined,
      );
      expect((await response).status).toBe(403);
      expect((await safeJson<{ message: string }>(await response)).message).toBe(
        `Your role (${role}) cannot manage admin users. Ask an admin.`,
      );
      const list = await listUsers(
        testRequest("/api/admin/users", { cookie: await sessionCookieFor(narrower) }),
        undefined,
      );
      expect(list.status).toBe(403);
    }
    expect(await getDb().adminUser.count({ where: { email: "eve@example.com" } })).toBe(0);
  });

  it("refuses any field beyond name, email, password and role with 400 (the confirmation is never sent)", async () => {
    for (const extra of [{ confirmPassword: "a-good-long-password" }, { isActive: false }, { id: 99 }]) {
      const response = await create({
        name: "Grace Hopper",
        email: "grace@example.com",
        password: "a-good-long-password",
        ...extra,
      });
      expect(response.status).toBe(400);
      expect((await safeJson<{ errors: Record<string, string[]> }>(response)).errors).toBeDefined();
    }
    expect(await getDb().adminUser.count()).toBe(1);
  });

  it("validates each field with a message naming the rule, and refuses passwords over 72 bytes rather than truncating them", async () => {
    const response = await create({ name: "G", email: "nope", password: "short" });
    expect(response.status).toBe(400);
    const { errors } = await safeJson<{ errors: Record<string, string[]> }>(response);
    expect(errors).toEqual({
      name: ["Name must be at least 2 characters"],
      email: ["Please enter a valid email address"],
      password: ["Password must be at least 8 characters"],
    });

    // 30 characters but 120 bytes: bcrypt would silently ignore everything after the 18th emoji.
    const emoji = await create({ name: "Grace Hopper", email: "grace@example.com", password: "🔒".repeat(30) });
    expect(emoji.status).toBe(400);
    expect((await safeJson<{ errors: Record<string, string[]> }>(emoji)).errors.password?.[0]).toMatch(/72 bytes/);
    const ascii = await create({ name: "Grace Hopper", email: "grace@example.com", password: "x".repeat(73) });
    expect(ascii.status).toBe(400);
    expect(await getDb().adminUser.count()).toBe(1);
  });

  it("accepts a 72-byte password", async () => {
    const response = await create({ name: "Grace Hopper", email: "grace@example.com", password: "x".repeat(72) });
    expect(response.status).toBe(201);
  });

  it("refuses a cross-site creation with 403", async () => {
    const response = await create(
      { name: "Mallory", email: "mallory@example.com", password: "a-good-long-password" },
      { origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
    expect(await getDb().adminUser.count()).toBe(1);
  });

  it("answers 400 with a message to a body not declared as JSON, and to broken JSON", async () => {
    const text = await create("name=x", { "content-type": "text/plain" });
    expect(text.status).toBe(400);
    expect(await text.json()).toEqual({ message: NOT_JSON_MESSAGE });
    const broken = await create("{not json", { "content-type": "application/json" });
    expect(broken.status).toBe(400);
  });
});
