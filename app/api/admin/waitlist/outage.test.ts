import { GET as exportCsv } from "@/app/api/admin/waitlist/export/route";
import { GET as list } from "@/app/api/admin/waitlist/route";
import { createSessionCookie } from "@/lib/auth/session";
import { closeDb } from "@/lib/db";

// Nothing listens on port 1: with the database down, both routes answer a JSON 503, never a broken download.
process.env.DATABASE_URL = "postgresql://root@127.0.0.1:1/none";
delete process.env.DATABASE_SCHEMA;

afterAll(() => closeDb());

async function signedIn(url: string): Promise<Request> {
  const cookie = (await createSessionCookie(new Request(url), { adminId: 1, sessionId: "s".repeat(43) })).split(
    ";",
  )[0]!;
  return new Request(url, { headers: { cookie } });
}

describe("admin waitlist routes with the database down", () => {
  it.each([
    ["list", list, "http://localhost/api/admin/waitlist?q=ann"],
    ["export", exportCsv, "http://localhost/api/admin/waitlist/export"],
  ] as const)("the %s answers 503 with the database message", async (_name, handler, url) => {
    const response = await handler(await signedIn(url), undefined);
    expect(response.status).toBe(503);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect((await response.json()).message).toMatch(/database connection/i);
  });
});
