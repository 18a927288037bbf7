import { countWaitlistEntries, upsertWaitlistEntry } from "@/lib/data/waitlist";
import { getDb } from "@/lib/db";
import { resetDatabase, useTestDatabase } from "@/test/db";

useTestDatabase();
beforeEach(() => resetDatabase());

const signup = { name: "Ada Lovelace", email: "ada@example.com", businessType: "cleaning", employees: "2-5", agreedToTerms: true } as const;

describe(`waitlist data functions (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("records the time of each consent: a repeat signup replaces it, and keeps the place in the queue", async () => {
    const firstConsent = new Date("2026-01-01T09:00:00.000Z");
    const secondConsent = new Date("2026-01-01T09:00:00.001Z");
    await upsertWaitlistEntry(signup, firstConsent);
    const first = await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: "ada@example.com" } });
    expect(first.consentedAt).toEqual(firstConsent);

    await upsertWaitlistEntry({ ...signup, email: " ADA@example.com " }, secondConsent);
    const second = await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: "ada@example.com" } });
    expect(second.consentedAt).toEqual(secondConsent);
    expect(second.joinedAt).toEqual(first.joinedAt);
    expect(await countWaitlistEntries()).toBe(1);
  });
});
