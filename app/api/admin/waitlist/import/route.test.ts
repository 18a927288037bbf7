import { randomUUID } from "node:crypto";

import { DELETE } from "@/app/api/admin/waitlist/[id]/route";
import { POST } from "@/app/api/admin/waitlist/import/route";
import { countWaitlistEntries } from "@/lib/data/waitlist/signups";
import { getDb } from "@/lib/db";
import { insertAdmin, startTestSession, testRequest } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

const PATH = "/api/admin/waitlist/import";
let cookie: string;

beforeEach(async () => {
  await resetDatabase();
  delete process.env.SMTP_URL;
  cookie = (await startTestSession(await insertAdmin({ email: "ada@example.com" }))).cookie;
});

const post = async (body: unknown, withCookie = cookie) => {
  const response = await POST(testRequest(PATH, { body, cookie: withCookie }), undefined);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const row = (line: number, email: string) => ({ line, email, name: "Ann Lee", joinedAt: "2025-01-02 03:04:05" });

describe(`POST /api/admin/waitlist/import (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("answers 401 without a session", async () => {
    expect((await post({ action: "dry-run", rows: [row(2, "a@example.com")] }, "")).status).toBe(401);
  });

  it("refuses a bad request with a 400, its message and the fields at fault", async () => {
    const tooMany = Array.from({ length: 5_001 }, (_, index) => row(index + 2, `p${index}@example.com`));
    const answer = await post({ action: "dry-run", rows: tooMany });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: "The import request is not valid.",
      errors: { rows: ["rows may hold at most 5,000 rows"] },
    });
    const unticked = await post({
      action: "import",
      importId: randomUUID(),
      batch: 0,
      rows: [row(2, "a@example.com")],
    });
    expect(unticked.status).toBe(400);
    expect(unticked.body.errors).toEqual({ consent: ["Please confirm that these people agreed to hear from you."] });
    expect((await post({ action: "dry-run", rows: [{ line: 2, email: 5 }] })).status).toBe(400);
    expect((await post({ action: "erase" })).status).toBe(400);
    expect(await countWaitlistEntries()).toBe(0);
  });

  it("checks, imports and finishes", async () => {
    const rows = [row(2, "a@example.com"), row(3, "b@example.com"), row(4, "nope")];
    expect((await post({ action: "dry-run", rows })).body).toMatchObject({ added: 2, invalid: 1, existing: 0 });
    const importId = randomUUID();
    const batch = { action: "import", importId, batch: 0, rows, consent: true };
    expect((await post(batch)).body).toMatchObject({ added: 2, invalid: 1, repeated: false });
    expect((await post(batch)).body).toMatchObject({ added: 2, invalid: 1, repeated: true });
    const finish = await post({ action: "finish", importId, consent: true });
    expect(finish).toMatchObject({ status: 200, body: { added: 2, invalid: 1, recorded: true } });
    expect(await countWaitlistEntries()).toBe(2);
  });
});

describe("DELETE /api/admin/waitlist/{id}?suppress=1", () => {
  const remove = (id: number, query = "") =>
    DELETE(testRequest(`/api/admin/waitlist/${id}${query}`, { method: "DELETE", cookie }), {
      params: Promise.resolve({ id: String(id) }),
    });

  it("adds the address to the suppression list; a value other than 0 or 1 is a 400", async () => {
    const entry = await getDb().waitlistEntry.create({
      data: { name: "Ann Lee", email: "ann@example.com", businessType: "car", employees: "1" },
    });
    expect((await remove(entry.id, "?suppress=yes")).status).toBe(400);
    expect((await remove(entry.id, "?suppress=1")).status).toBe(204);
    expect(await getDb().waitlistSuppression.count()).toBe(1);
    const answer = await post({ action: "dry-run", rows: [row(2, "ann@example.com")] });
    expect(answer.body).toMatchObject({ added: 0, suppressed: 1 });
  });
});
