import { POST } from "@/app/api/waitlist/leave/route";
import { addWaitlistEntry, countWaitlistEntries } from "@/lib/data/waitlist/signups";
import { getDb } from "@/lib/db";
import { prepareTestDatabase, resetDatabase } from "@/test/db";
import { tokenFromQueuedEmail } from "@/test/email-links";

prepareTestDatabase();

const SITE = "https://otto.example";
const CHUNK = 64 * 1024;

beforeEach(async () => {
  await resetDatabase();
});

/** A signup and the leave token its emails would carry. */
async function entryWithLeaveToken(email = "ann@example.com") {
  const id = await addWaitlistEntry({
    name: "Ann Smith",
    email,
    businessType: "cleaning",
    employees: "2-5",
    agreedToTerms: true,
  });
  return tokenFromQueuedEmail(id!, "leaveUrl");
}

/**
 * A body of `totalBytes` made only as it is read, like a slow upload: `pulled()` says how much of it the
 * handler asked for.
 */
function lazyBody(totalBytes: number) {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      const size = Math.min(CHUNK, totalBytes - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(0x61));
    },
  });
  return { stream, pulled: () => sent };
}

const leave = (token: string, init: { body?: BodyInit; headers?: Record<string, string> }) =>
  POST(
    new Request(`${SITE}/waitlist/leave?token=${token}`, { method: "POST", duplex: "half", ...init } as RequestInit),
    undefined,
  );

describe(`POST /api/waitlist/leave (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("refuses a body declared larger than a few KB at once with 413, reading none of it, and erases nothing", async () => {
    const token = await entryWithLeaveToken();
    const body = lazyBody(32 * 1024 * 1024);
    const response = await leave(token, {
      body: body.stream,
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(300 * 1024 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: expect.stringMatching(/too large/) });
    // Only what a stream hands out unasked (its first chunk) may have been made; nothing was read on.
    expect(body.pulled()).toBeLessThanOrEqual(CHUNK);
    expect(await countWaitlistEntries()).toBe(1);
  });

  it("stops reading a body sent without a length as soon as it passes the cap, with 413", async () => {
    const token = await entryWithLeaveToken();
    const body = lazyBody(32 * 1024 * 1024);
    const response = await leave(token, {
      body: body.stream,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: expect.stringMatching(/too large/) });
    expect(body.pulled()).toBeLessThanOrEqual(3 * CHUNK);
    expect(await countWaitlistEntries()).toBe(1);
  });

  it("still erases with a mail client's one-click POST, sent as a URL-encoded form or as multipart/form-data (RFC 8058)", async () => {
    const first = await entryWithLeaveToken("ann@example.com");
    const second = await entryWithLeaveToken("bob@example.com");
    await entryWithLeaveToken("keep@example.com");

    const encoded = await leave(first, {
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(encoded.status).toBe(200);
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    const multipart = await leave(second, { body: form });
    expect(multipart.status).toBe(200);
    expect(await multipart.json()).toEqual({
      message: "You have been removed from the waiting list, and your details deleted.",
    });

    const left = await getDb().waitlistEntry.findMany({ select: { email: true } });
    expect(left).toEqual([{ email: "keep@example.com" }]);
  });

  it("still asks for the one-click field: any other small body is a 400 and erases nothing", async () => {
    const token = await entryWithLeaveToken();
    const response = await leave(token, {
      body: "List-Unsubscribe=Something-Else",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(400);
    expect(await countWaitlistEntries()).toBe(1);
  });
});
