import bcrypt from "bcryptjs";

import { runAdminCreate } from "@/lib/cli/admin-create";
import { getDb } from "@/lib/db";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();
beforeEach(() => resetDatabase());

function io(answer = "") {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: { log: (l: string) => out.push(l), error: (l: string) => err.push(l), ask: async () => answer },
  };
}

describe("npm run admin:create", () => {
  it("refuses weak input with the same validation messages as the admin forms and stores nothing", async () => {
    const { err, io: streams } = io();
    const code = await runAdminCreate(["--email", "not-an-email", "--name", "A", "--password", "short"], streams);
    expect(code).toBe(1);
    expect(err).toEqual(
      expect.arrayContaining([
        "email: Please enter a valid email address",
        "name: Name must be at least 2 characters",
        "password: Password must be at least 8 characters",
      ]),
    );
    expect(await getDb().adminUser.count()).toBe(0);
  });

  it("refuses a password bcrypt would truncate", async () => {
    const { err, io: streams } = io();
    expect(await runAdminCreate(["--email", "a@b.co", "--name", "Ann", "--password", "é".repeat(40)], streams)).toBe(1);
    expect(err.join("\n")).toMatch(/at most 72 bytes/);
  });

  it("creates an active admin with a bcrypt hash (cost 12), lower-casing the email", async () => {
    const { out, io: streams } = io();
    expect(
      await runAdminCreate(
        ["--email", " Ann@Example.COM ", "--name", "Ann Smith", "--password", "long enough pw"],
        streams,
      ),
    ).toBe(0);
    expect(out).toEqual(["Created admin ann@example.com (role: admin)."]);
    const admin = await getDb().adminUser.findUniqueOrThrow({ where: { email: "ann@example.com" } });
    // Without --role: full rights, as every admin had before roles existed.
    expect(admin).toMatchObject({ name: "Ann Smith", isActive: true, role: "admin" });
    expect(admin.password).not.toContain("long enough pw");
    expect(bcrypt.getRounds(admin.password)).toBeGreaterThanOrEqual(12);
    expect(await bcrypt.compare("long enough pw", admin.password)).toBe(true);
  });

  it("asks for a missing password, and resets an existing admin", async () => {
    await runAdminCreate(["--email", "ann@example.com", "--name", "Ann", "--password", "first password"], io().io);
    await getDb().adminUser.update({ where: { email: "ann@example.com" }, data: { isActive: false } });
    const { out, io: streams } = io("second password");
    expect(await runAdminCreate(["--email", "ann@example.com", "--name", "Ann Again"], streams)).toBe(0);
    expect(out[0]).toMatch(/Updated admin ann@example.com/);
    const admin = await getDb().adminUser.findUniqueOrThrow({ where: { email: "ann@example.com" } });
    expect(admin).toMatchObject({ name: "Ann Again", isActive: true });
    expect(await bcrypt.compare("second password", admin.password)).toBe(true);
    expect(await getDb().adminUser.count()).toBe(1);
  });

  it("takes --role (admin, member or viewer), refuses any other, and keeps an existing admin's role without one", async () => {
    const bad = io();
    expect(
      await runAdminCreate(
        ["--email", "v@example.com", "--name", "Vic", "--password", "long enough pw", "--role", "owner"],
        bad.io,
      ),
    ).toBe(1);
    expect(bad.err).toContain("role: Role must be admin, member or viewer");
    expect(await getDb().adminUser.count()).toBe(0);

    await runAdminCreate(["--email", "ann@example.com", "--name", "Ann", "--password", "long enough pw"], io().io);
    const made = io();
    expect(
      await runAdminCreate(
        ["--email", "v@example.com", "--name", "Vic", "--password", "long enough pw", "--role", "viewer"],
        made.io,
      ),
    ).toBe(0);
    expect(made.out).toEqual(["Created admin v@example.com (role: viewer)."]);
    const role = async (email: string) => (await getDb().adminUser.findUniqueOrThrow({ where: { email } })).role;
    expect(await role("v@example.com")).toBe("viewer");

    // A password reset without --role leaves the role alone; with one, it changes it.
    await runAdminCreate(["--email", "v@example.com", "--name", "Vic", "--password", "another password"], io().io);
    expect(await role("v@example.com")).toBe("viewer");
    await runAdminCreate(
      ["--email", "v@example.com", "--name", "Vic", "--password", "another password", "--role", "member"],
      io().io,
    );
    expect(await role("v@example.com")).toBe("member");

    // The only admin with full rights cannot be narrowed from here either.
    const last = io();
    expect(
      await runAdminCreate(
        ["--email", "ann@example.com", "--name", "Ann", "--password", "long enough pw", "--role", "viewer"],
        last.io,
      ),
    ).toBe(1);
    expect(last.err[0]).toMatch(/only active admin with full rights/);
    expect(await role("ann@example.com")).toBe("admin");
  });

  it("rejects unknown flags with the usage line", async () => {
    const { err, io: streams } = io();
    expect(await runAdminCreate(["--mail", "x"], streams)).toBe(1);
    expect(err.at(-1)).toMatch(/^Usage: npm run admin:create/);
  });
});
