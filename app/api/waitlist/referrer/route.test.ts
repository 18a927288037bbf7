import { GET, POST } from "@/app/api/waitlist/referrer/route";
import { addWaitlistEntry, confirmWithToken } from "@/lib/data/waitlist/signups";
import { getDb } from "@/lib/db";
import { hashToken, newToken } from "@/lib/email/tokens";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();
beforeEach(() => resetDatabase());

const DAY = 24 * 60 * 60 * 1000;

async function join(name: string, email: string, options: { held?: boolean } = {}) {
  await addWaitlistEntry(
    { name, email, businessType: "cleaning", employees: "2-5", agreedToTerms: true },
    new Date(),
    options.held ? { heldReason: "missing" } : {},
  );
  const row = await getDb().waitlistEntry.findUniqueOrThrow({ where: { email } });
  return { id: row.id, code: row.referralCode };
}

async function confirm(id: number) {
  const token = newToken();
  await getDb().waitlistToken.create({
    data: { tokenHash: hashToken(token), entryId: id, purpose: "confirm", expiresAt: new Date(Date.now() + DAY) },
  });
  expect(await confirmWithToken(token)).toMatchObject({ status: "confirmed" });
}

const greet = (query: string) => GET(new Request(`http://localhost/api/waitlist/referrer${query}`), undefined);

describe(`GET /api/waitlist/referrer (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("names a confirmed referrer by first name only, in any case of the code, cacheable and without a cookie", async () => {
    const dana = await join("  Dana   Whitfield ", "dana@example.com");
    await confirm(dana.id);
    for (const code of [dana.code, dana.code.toUpperCase(), ` ${dana.code} `]) {
      const response = await greet(`?code=${encodeURIComponent(code)}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ firstName: "Dana" });
      expect(response.headers.get("cache-control")).toMatch(/\bpublic\b/);
      expect(response.headers.get("set-cookie")).toBeNull();
    }
  });

  it("answers the same 404 for an unknown, an unconfirmed and a held referrer", async () => {
    const pending = await join("Pat Pending", "pat@example.com");
    const held = await join("Hal Held", "hal@example.com", { held: true });
    await confirm(held.id);
    expect((await getDb().waitlistEntry.findUniqueOrThrow({ where: { id: held.id } })).heldAt).not.toBeNull();
    const bodies = [];
    for (const code of [pending.code, held.code, "zzzzzzzz"]) {
      const response = await greet(`?code=${code}`);
      expect(response.status).toBe(404);
      bodies.push(await response.text());
    }
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0]!)).toEqual({ message: "No one to greet for this link." });
  });

  it("refuses a missing or malformed code with a 400 JSON message, and other methods with a 405", async () => {
    for (const query of ["", "?code=", "?code=abc", "?code=0000000o", `?code=${"a".repeat(500)}`, "?code=%00%00"]) {
      const response = await greet(query);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { message: unknown };
      expect(typeof body.message).toBe("string");
    }
    expect((await POST()).status).toBe(405);
  });
});
