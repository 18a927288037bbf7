import { DELETE, PATCH } from "@/app/api/admin/notes/[id]/route";
import { POST } from "@/app/api/admin/waitlist/[id]/notes/route";
import { addWaitlistEntry } from "@/lib/data/waitlist/signups";
import { getDb } from "@/lib/db";
import { insertAdmin, startTestSession, testRequest } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

let entryId: number;
const cookies: Record<"owner" | "member" | "other" | "viewer", string> = {} as never;

beforeEach(async () => {
  await resetDatabase();
  cookies.owner = (await startTestSession(await insertAdmin({ email: "ada@example.com" }))).cookie;
  cookies.member = (await startTestSession(await insertAdmin({ email: "mo@example.com", role: "member" }))).cookie;
  cookies.other = (await startTestSession(await insertAdmin({ email: "ola@example.com", role: "member" }))).cookie;
  cookies.viewer = (await startTestSession(await insertAdmin({ email: "vic@example.com", role: "viewer" }))).cookie;
  await addWaitlistEntry(
    { name: "Ann", email: "ann@example.com", businessType: "car", employees: "1", agreedToTerms: true },
    new Date(),
  );
  entryId = (await getDb().waitlistEntry.findFirstOrThrow({ select: { id: true } })).id;
});

const context = (id: number | string) => ({ params: Promise.resolve({ id: String(id) }) });

async function add(body: unknown, cookie: string, id: number = entryId) {
  const response = await POST(testRequest(`/api/admin/waitlist/${id}/notes`, { body, cookie }), context(id));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function edit(noteId: number, body: unknown, cookie: string) {
  const response = await PATCH(
    testRequest(`/api/admin/notes/${noteId}`, { method: "PATCH", body, cookie }),
    context(noteId),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function remove(noteId: number, cookie: string) {
  const response = await DELETE(
    testRequest(`/api/admin/notes/${noteId}`, { method: "DELETE", cookie }),
    context(noteId),
  );
  return response.status;
}

const notes = () =>
  getDb().waitlistNote.findMany({ orderBy: { id: "asc" }, select: { body: true, authorEmail: true } });
const noteAudit = async () =>
  (
    await getDb().auditLog.findMany({
      where: { action: { startsWith: "waitlist.note" } },
      orderBy: { id: "asc" },
      select: { action: true, adminEmail: true, target: true },
    })
  ).map((row) => `${row.action} ${row.adminEmail} ${row.target}`);

describe(`notes on an entry (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("a member adds a note with its author and time; they and a full admin may edit or delete it, audited", async () => {
    const added = await add({ body: "  Called them.\nKeen to start in May.  " }, cookies.member);
    expect(added.status).toBe(201);
    const note = added.body.note as { id: number; body: string; authorEmail: string; createdAt: string };
    expect(note).toMatchObject({ body: "Called them.\nKeen to start in May.", authorEmail: "mo@example.com" });
    expect(Date.parse(note.createdAt)).not.toBeNaN();

    expect((await edit(note.id, { body: "Starts in June." }, cookies.member)).body.note).toMatchObject({
      body: "Starts in June.",
      updatedAt: expect.any(String),
    });
    expect(await edit(note.id, { body: "By the owner." }, cookies.owner)).toMatchObject({ status: 200 });
    expect(await notes()).toEqual([{ body: "By the owner.", authorEmail: "mo@example.com" }]);
    expect(await remove(note.id, cookies.owner)).toBe(204);
    expect(await remove(note.id, cookies.owner)).toBe(404);
    expect(await noteAudit()).toEqual([
      `waitlist.note_add mo@example.com entry:${entryId}`,
      `waitlist.note_edit mo@example.com entry:${entryId}`,
      `waitlist.note_edit ada@example.com entry:${entryId}`,
      `waitlist.note_delete ada@example.com entry:${entryId}`,
    ]);
  });

  it("another member may neither edit nor delete it, and a viewer may not write one: 403, nothing changed", async () => {
    const note = (await add({ body: "Mine." }, cookies.member)).body.note as { id: number };
    expect(await edit(note.id, { body: "Theirs now." }, cookies.other)).toEqual({
      status: 403,
      body: { message: "Only its author or an admin can change this note." },
    });
    expect(await remove(note.id, cookies.other)).toBe(403);
    expect(await remove(note.id, cookies.viewer)).toBe(403);
    expect((await add({ body: "A viewer's note." }, cookies.viewer)).status).toBe(403);
    expect(await notes()).toEqual([{ body: "Mine.", authorEmail: "mo@example.com" }]);
    expect(await noteAudit()).toHaveLength(1);
  });

  it.each([
    ["an empty note", { body: "   " }, /write the note/i],
    ["a note past 2,000 characters", { body: "x".repeat(2001) }, /at most 2,000 characters/],
    ["a note with a control character", { body: "a\u0000b" }, /control characters/],
    ["a note that is not text", { body: 42 }, /as text/],
    ["an unknown field", { body: "ok", pinned: true }, /.+/],
  ])("answers 400 with field errors for %s, storing nothing", async (_, body, message) => {
    const response = await add(body, cookies.owner);
    expect(response.status).toBe(400);
    const errors = response.body.errors as Record<string, string[]>;
    expect(Object.values(errors).flat()[0]).toMatch(message);
    expect(await notes()).toEqual([]);
  });

  it("2,000 characters are accepted; an unknown entry or note answers 404", async () => {
    expect((await add({ body: "x".repeat(2000) }, cookies.owner)).status).toBe(201);
    expect((await add({ body: "Hello" }, cookies.owner, 999_999)).status).toBe(404);
    expect((await edit(999_999, { body: "Hello" }, cookies.owner)).status).toBe(404);
  });
});
