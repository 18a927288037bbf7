import { POST as createAdminRoute } from "@/app/api/admin/users/route";
import { GET as exportWaitlist } from "@/app/api/admin/waitlist/export/route";
import { GET as listWaitlist } from "@/app/api/admin/waitlist/route";
import { POST as signup } from "@/app/api/waitlist/route";
import { getDb } from "@/lib/db";
import { INVALID_VALUE_MESSAGE, route } from "@/lib/http";
import { insertAdmin, sessionCookieFor, testRequest } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

let cookie: string;
beforeEach(async () => {
  await resetDatabase();
  cookie = await sessionCookieFor(await insertAdmin({ email: "ada@example.com" }));
});

const NUL = "\u0000";
const valid = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  businessType: "cleaning",
  employees: "2-5",
  agreedToTerms: true,
};

async function fieldError(response: Response, field: string): Promise<string> {
  expect(response.status).toBe(400);
  const body = (await response.json()) as { message: string; errors?: Record<string, string[]> };
  return body.errors?.[field]?.join(" ") ?? "";
}

describe(`control characters in text (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("refuses them in a waitlist name with a field message, storing nothing", async () => {
    for (const name of [`Ada${NUL}Lovelace`, "Ada\u0007Lovelace", "Ada\u009bLovelace", "Ada\nLovelace"]) {
      const response = await signup(
        testRequest("/api/waitlist", { body: { ...valid, name }, headers: { "x-forwarded-for": "192.0.2.1" } }),
        undefined,
      );
      expect(await fieldError(response, "name")).toMatch(/control characters/);
    }
    expect(await getDb().waitlistEntry.count()).toBe(0);
  });

  it("refuses them in a new admin's name and email", async () => {
    const body = { name: `Eve${NUL}`, email: "eve@example.com", password: "a strong password" };
    const response = await createAdminRoute(testRequest("/api/admin/users", { body, cookie }), undefined);
    expect(await fieldError(response, "name")).toMatch(/control characters/);
    const email = await createAdminRoute(
      testRequest("/api/admin/users", { body: { ...body, name: "Eve", email: `eve${NUL}@example.com` }, cookie }),
      undefined,
    );
    expect(email.status).toBe(400);
    expect(await getDb().adminUser.count()).toBe(1);
  });

  it("refuses them in the admin list's and the export's search", async () => {
    const q = encodeURIComponent(`ada${NUL}`);
    expect(
      await fieldError(await listWaitlist(testRequest(`/api/admin/waitlist?q=${q}`, { cookie }), undefined), "q"),
    ).toMatch(/control characters/);
    expect(
      await fieldError(
        await exportWaitlist(testRequest(`/api/admin/waitlist/export?q=${q}`, { cookie }), undefined),
        "q",
      ),
    ).toMatch(/control characters/);
  });

  it("turns any value the database refuses into a 400 with a message, never a 500 or a logged stack", async () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    const error = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const storeRaw = route(async () => {
        await getDb().$executeRaw`INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "consentedAt")
          VALUES (${`a${NUL}b`}, ${"raw@example.com"}, ${"cleaning"}, ${"1"}, ${new Date()})`;
        return new Response(null, { status: 204 });
      });
      const badDate = route(async () => {
        await getDb().$queryRaw`SELECT ${"2026-13-45"}::date`;
        return new Response(null, { status: 204 });
      });
      for (const handler of [storeRaw, badDate]) {
        const response = await handler(new Request("http://localhost/"), undefined);
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({ message: INVALID_VALUE_MESSAGE });
      }
      expect(error).not.toHaveBeenCalled();
      expect(warn.mock.calls.map(([line]) => String(line))).toEqual([
        expect.stringMatching(/SQLSTATE 22021/),
        expect.stringMatching(/SQLSTATE 22008/),
      ]);
      expect(await getDb().waitlistEntry.count()).toBe(0);
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });
});
