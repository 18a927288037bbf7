import { POST } from "@/app/api/admin/waitlist/held/route";
import { countHeldEntries } from "@/lib/data/waitlist/held";
import { addWaitlistEntry, countWaitlistEntries } from "@/lib/data/waitlist/signups";
import { getDb } from "@/lib/db";
import { HELD_ACTION_MAX } from "@/lib/validation/held";
import { insertAdmin, startTestSession, testRequest } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

const PATH = "/api/admin/waitlist/held";
let cookie: string;

beforeEach(async () => {
  await resetDatabase();
  // Nothing is sent from these tests: the released entries' emails wait in the outbox.
  delete process.env.SMTP_URL;
  cookie = (await startTestSession(await insertAdmin({ email: "ada@example.com" }))).cookie;
});

/** Held signups (no proof of work), by name; returns their ids in order. */
async function holdSignups(...names: string[]): Promise<number[]> {
  for (const name of names) {
    await addWaitlistEntry(
      { name, email: `${name.toLowerCase()}@example.com`, businessType: "car", employees: "1", agreedToTerms: true },
      new Date(),
      { heldReason: "missing" },
    );
  }
  return (await getDb().waitlistEntry.findMany({ orderBy: { id: "asc" }, select: { id: true } })).map((row) => row.id);
}

const post = async (body: unknown, withCookie = cookie) => {
  const response = await POST(testRequest(PATH, { body, cookie: withCookie }), undefined);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe(`POST /api/admin/waitlist/held (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("answers 401 without a session and changes nothing", async () => {
    const ids = await holdSignups("Ann");
    const response = await POST(testRequest(PATH, { body: { action: "release", ids } }), undefined);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: expect.stringMatching(/sign in/i) });
    expect(await countHeldEntries()).toBe(1);
  });

  it.each([
    ["no ids", { action: "release", ids: [] }, "ids", /at least one/i],
    [
      "too many ids",
      { action: "delete", ids: Array.from({ length: HELD_ACTION_MAX + 1 }, (_, i) => i + 1) },
      "ids",
      /at most 500/i,
    ],
    ["an unknown action", { action: "invite", ids: [1] }, "action", /release or delete/],
    ["ids that are not numbers", { action: "release", ids: ["1", "two"] }, "ids", /entry ids/],
    ["ids that are not a list", { action: "release", ids: 1 }, "ids", /list of entry ids/],
    ["no body fields", {}, "action", /release or delete/],
  ])("answers 400 with field errors for %s", async (_, body, field, message) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: expect.any(String), errors: expect.any(Object) });
    const errors = response.body.errors as Record<string, string[]>;
    expect(Object.entries(errors).find(([key]) => key.startsWith(field))?.[1]?.[0]).toMatch(message);
  });

  it("answers 400 to a body that is not JSON", async () => {
    const response = await POST(testRequest(PATH, { body: "release them", cookie }), undefined);
    expect(response.status).toBe(400);
  });

  it("releases and deletes held entries by id, answering with how many, and nothing twice", async () => {
    const [ann, bob, cat] = await holdSignups("Ann", "Bob", "Cat");
    expect(await post({ action: "release", ids: [ann, bob] })).toEqual({ status: 200, body: { released: 2 } });
    expect(await countWaitlistEntries()).toBe(2);
    expect(await post({ action: "release", ids: [ann, bob] })).toEqual({ status: 200, body: { released: 0 } });
    // Ann is no longer held: deleting held entries leaves her alone.
    expect(await post({ action: "delete", ids: [ann, cat] })).toEqual({ status: 200, body: { deleted: 1 } });
    expect(await post({ action: "delete", ids: [cat] })).toEqual({ status: 200, body: { deleted: 0 } });
    expect(await countHeldEntries()).toBe(0);
    expect(
      (await getDb().waitlistEntry.findMany({ select: { name: true } })).map((row) => row.name).toSorted(),
    ).toEqual(["Ann", "Bob"]);
    expect(await getDb().emailOutbox.count({ where: { kind: "confirmation" } })).toBe(2);
  });
});
