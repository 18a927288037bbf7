import {
  addAdminFormSchema,
  adminIdSchema,
  createAdminSchema,
  loginSchema,
  newPasswordSchema,
  utf8ByteLength,
} from "@/lib/validation/admin";

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("admin validation", () => {
  it("gives the login form's messages and lower-cases the email", () => {
    expect(messages(loginSchema.safeParse({ email: "nope", password: "short" }))).toEqual({
      email: "Please enter a valid email address",
      password: "Password must be at least 8 characters",
    });
    expect(loginSchema.parse({ email: " Ada@Example.COM ", password: "12345678" }).email).toBe("ada@example.com");
  });

  it("accepts passwords of 8 to 128 characters that fit in bcrypt's 72 bytes, and refuses the rest with a clear message", () => {
    expect(newPasswordSchema.safeParse("1234567").success).toBe(false);
    expect(newPasswordSchema.safeParse("12345678").success).toBe(true);
    expect(newPasswordSchema.safeParse("x".repeat(72)).success).toBe(true);
    const tooManyBytes = newPasswordSchema.safeParse("x".repeat(73));
    expect(tooManyBytes.success).toBe(false);
    expect(tooManyBytes.error?.issues[0]?.message).toMatch(/at most 72 bytes/);
    // 24 characters, 72 bytes: fits exactly; one more accented character does not.
    expect(newPasswordSchema.safeParse("€".repeat(24)).success).toBe(true);
    expect(newPasswordSchema.safeParse("€".repeat(24) + "é").success).toBe(false);
    expect(newPasswordSchema.safeParse("x".repeat(129)).error?.issues.map((i) => i.message)).toContain(
      "Password must be at most 128 characters",
    );
  });

  it("counts UTF-8 bytes as bcrypt does", () => {
    for (const text of ["", "abc", "é", "€", "🔒", "a€🔒é", "\ud800"]) {
      expect([text, utf8ByteLength(text)]).toEqual([text, Buffer.byteLength(text, "utf8")]);
    }
  });

  it("refuses unknown fields on the create-admin body", () => {
    const result = createAdminSchema.safeParse({
      name: "Ada",
      email: "a@example.com",
      password: "12345678",
      confirmPassword: "12345678",
    });
    expect(result.success).toBe(false);
  });

  it("puts 'Passwords do not match' on the confirm field of the Add Admin form", () => {
    const result = addAdminFormSchema.safeParse({
      name: "Ada",
      email: "a@example.com",
      password: "12345678",
      confirmPassword: "12345679",
      role: "admin",
    });
    expect(messages(result)).toEqual({ confirmPassword: "Passwords do not match" });
  });

  it("takes an optional role on the API (one of the three) and a required one in the Add Admin form", () => {
    const base = { name: "Ada", email: "a@example.com", password: "12345678" };
    expect(createAdminSchema.parse(base)).not.toHaveProperty("role");
    expect(createAdminSchema.parse({ ...base, role: "member" }).role).toBe("member");
    expect(messages(createAdminSchema.safeParse({ ...base, role: "owner" }))).toEqual({
      role: "Role must be admin, member or viewer",
    });
    expect(addAdminFormSchema.safeParse({ ...base, confirmPassword: "12345678", role: "viewer" }).success).toBe(true);
    expect(messages(addAdminFormSchema.safeParse({ ...base, confirmPassword: "12345678" }))).toEqual({
      role: "Role must be admin, member or viewer",
    });
  });

  it("takes only plain positive decimal ids", () => {
    expect(adminIdSchema.parse("42")).toBe(42);
    expect(adminIdSchema.parse("2147483647")).toBe(2147483647);
    for (const bad of ["0", "-1", "1.5", "1e3", "0x10", " 7", "07", "", "2147483648", "abc"]) {
      expect([bad, adminIdSchema.safeParse(bad).success]).toEqual([bad, false]);
    }
  });
});
