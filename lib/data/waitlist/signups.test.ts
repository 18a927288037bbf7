import { addWaitlistEntry, countWaitlistEntries } from "@/lib/data/waitlist/signups";
import { getDb } from "@/lib/db";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();
beforeEach(() => resetDatabase());

const signup = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  businessType: "cleaning",
  employees: "2-5",
  agreedToTerms: true,
} as const;

describe(`waitlist data functions (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("keeps the first signup's details and consent time when the same email signs up again", async () => {
    const firstConsent = new Date("2026-01-01T09:00:00.000Z");
    const secondConsent = new Date("2026-01-01T09:00:00.001Z");
    await addWaitlistEntry(signup, firstConsent);
    const first = await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: "ada@example.com" } });
    expect(first.consentedAt).toEqual(firstConsent);

    await addWaitlistEntry(
      { ...signup, name: "Someone Else", businessType: "trades", employees: "11+", email: " ADA@example.com " },
      secondConsent,
    );
    const second = await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: "ada@example.com" } });
    expect(second).toEqual(first);
    expect(await countWaitlistEntries()).toBe(1);
  });
});
