import { POST } from "@/app/api/admin/waitlist/tags/route";
import { addWaitlistEntry } from "@/lib/data/waitlist/signups";
import { getDb } from "@/lib/db";
import { TAG_EDIT_MAX_IDS } from "@/lib/validation/tag-edit";
import { insertAdmin, startTestSession, testRequest } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

const PATH = "/api/admin/waitlist/tags";
let cookie: string;

beforeEach(async () => {
  await resetDatabase();
  cookie = (await startTestSession(await insertAdmin({ email: "ada@example.com" }))).cookie;
});

async function signUp(...names: string[]): Promise<number[]> {
  for (const name of names) {
    await addWaitlistEntry(
      { name, email: `${name.toLowerCase()}@example.com`, businessType: "car", employees: "1", agreedToTerms: true },
      new Date(),
    );
  }
  return (await getDb().waitlistEntry.findMany({ orderBy: { id: "asc" }, select: { id: true } })).map((row) => row.id);
}

const post = async (body: unknown, withCookie: string | null = cookie) => {
  const response = await POST(testRequest(PATH, { body, cookie: withCookie ?? undefined }), undefined);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const storedTags = async () =>
  (await getDb().waitlistTag.findMany({ orderBy: [{ entryId: "asc" }, { tag: "asc" }] })).map(
    (row) => `${row.entryId}:${row.tag}`,
  );

describe(`POST /api/admin/waitlist/tags (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("answers 401 without a session, and a viewer 403, changing nothing", async () => {
    const ids = await signUp("Ann");
    expect((await post({ ids, add: ["london"] }, null)).status).toBe(401);
    const viewer = await startTestSession(await insertAdmin({ email: "vic@example.com", role: "viewer" }));
    const refused = await post({ ids, add: ["london"] }, viewer.cookie);
    expect(refused).toEqual({ status: 403, body: { message: "Your role (viewer) cannot change tags. Ask an admin." } });
    expect(await storedTags()).toEqual([]);
  });

  it.each([
    ["a tag longer than 40 characters", { ids: [1], add: ["x".repeat(41)] }, "add.0", /at most 40 characters/],
    ["an empty tag", { ids: [1], add: ["  "] }, "add.0", /enter a tag/i],
    ["a tag with a comma", { ids: [1], add: ["a,b"] }, "add.0", /comma/],
    ["a tag with a control character", { ids: [1], add: ["a\u0000b"] }, "add.0", /control characters/],
    ["more than 20 tags", { ids: [1], add: Array.from({ length: 21 }, (_, i) => `t${i}`) }, "add", /at most 20/i],
    ["nothing to change", { ids: [1] }, "add", /tag to add or remove/],
    ["a tag added and removed at once", { ids: [1], add: ["vip"], remove: ["VIP"] }, "remove", /added and removed/],
    ["no entries named", { add: ["vip"] }, "ids", /ids, or a filter/],
    ["both ids and a filter", { ids: [1], filter: { q: "" }, add: ["vip"] }, "ids", /ids, or a filter/],
    ["no ids", { ids: [], add: ["vip"] }, "ids", /at least one/],
    [
      "too many ids",
      { ids: Array.from({ length: TAG_EDIT_MAX_IDS + 1 }, (_, i) => i + 1), add: ["vip"] },
      "ids",
      /at most 10,000/i,
    ],
    ["a filter it does not know", { filter: { q: "", colour: "red" }, add: ["vip"] }, "filter", /.+/],
    ["a bad tag filter", { filter: { q: "", tags: "x".repeat(41) }, add: ["vip"] }, "filter.tags", /at most 40/],
  ])("answers 400 with field errors for %s, changing nothing", async (_, body, field, message) => {
    await signUp("Ann");
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: expect.any(String), errors: expect.any(Object) });
    const errors = response.body.errors as Record<string, string[]>;
    expect(Object.entries(errors).find(([key]) => key.startsWith(field))?.[1]?.[0]).toMatch(message);
    expect(await storedTags()).toEqual([]);
  });

  it("tags and untags a selection, or everything a filter matches, answering with what changed", async () => {
    const [ann, bob, cat] = await signUp("Ann", "Bob", "Cat");
    expect(await post({ ids: [ann, bob, 999_999], add: ["London"] })).toEqual({
      status: 200,
      body: { matched: 2, tagged: 2, untagged: 0, full: 0 },
    });
    expect(await post({ filter: { q: "", tags: "london" }, add: ["vip"], remove: ["london"] })).toEqual({
      status: 200,
      body: { matched: 2, tagged: 2, untagged: 2, full: 0 },
    });
    expect(await storedTags()).toEqual([`${ann}:vip`, `${bob}:vip`]);
    expect(cat).toBeDefined();
  });

  it("answers 422 when one entry would carry more than 20 tags, and changes nothing", async () => {
    const [ann] = await signUp("Ann");
    const twenty = Array.from({ length: 20 }, (_, i) => `t${i}`);
    expect((await post({ ids: [ann], add: twenty })).status).toBe(200);
    const response = await post({ ids: [ann], add: ["one more"], remove: ["nothing"] });
    expect(response).toEqual({ status: 422, body: { message: expect.stringMatching(/at most 20 tags/) } });
    expect(await storedTags()).toHaveLength(20);
  });
});
