import fc from "fast-check";

import { POST } from "@/app/api/waitlist/route";
import { getDb } from "@/lib/db";
import { NOT_JSON_MESSAGE } from "@/lib/http";
import { isDisposableEmail, waitlistSignupSchema } from "@/lib/validation/disposable-email";
import { BUSINESS_TYPE_OPTIONS, TEAM_SIZE_OPTIONS, WAITLIST_HONEYPOT_FIELD } from "@/lib/validation/waitlist";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

const RUNS = Number(process.env.WAITLIST_PROPERTY_RUNS ?? 2000);
const businessTypes = BUSINESS_TYPE_OPTIONS.map((option) => option.value as string);
const teamSizes = TEAM_SIZE_OPTIONS.map((option) => option.value as string);

const anyJson = fc.jsonValue({ maxDepth: 2 });

// Values a field might carry: valid ones often enough that many bodies pass, plus every kind of wrong.
const name = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 120 }) },
  { weight: 2, arbitrary: fc.constantFrom("Ada Lovelace", "A", "  Bo  ", "x".repeat(101), "") },
  { weight: 1, arbitrary: anyJson },
);
const plainEmail = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9]{1,12}([._+-][a-z0-9]{1,6})?$/),
    fc.stringMatching(/^[a-z0-9]{1,10}(-[a-z0-9]{1,5})?$/),
    fc.constantFrom("com", "io", "co.uk", "dev"),
  )
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);
const email = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(plainEmail, fc.boolean(), fc.constantFrom("", " ", "\t"))
      .map(([e, upper, pad]) => pad + (upper ? e.toUpperCase() : e) + pad),
  },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom("not-an-email", "a@", "@b.co", `${"a".repeat(250)}@example.com`, "temp@mailinator.com"),
  },
  { weight: 1, arbitrary: anyJson },
);
const choice = (values: string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...values) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
    { weight: 1, arbitrary: anyJson },
  );
const agreed = fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: anyJson });
const honeypot = fc.oneof(
  { weight: 6, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constantFrom("", "  ", null) },
  { weight: 1, arbitrary: anyJson },
);

// Each field is sometimes missing (undefined drops out of JSON.stringify).
const maybeMissing = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 12, arbitrary }, { weight: 1, arbitrary: fc.constant(undefined) });

const objectBody = fc
  .record({
    name: maybeMissing(name),
    email: maybeMissing(email),
    businessType: maybeMissing(choice(businessTypes)),
    employees: maybeMissing(choice(teamSizes)),
    agreedToTerms: maybeMissing(agreed),
    [WAITLIST_HONEYPOT_FIELD]: honeypot,
    extra: fc.option(anyJson, { nil: undefined }),
  })
  .map((record) => JSON.stringify(record));

// Bodies built to be valid, so the test also proves that good signups get through (unknown extras included).
const validBody = fc
  .record({
    name: fc.stringMatching(/^ ?[A-Za-z][A-Za-z' -]{1,60}[a-z] ?$/),
    email: fc
      .tuple(plainEmail, fc.boolean())
      .map(([e, upper]) => (upper ? e.toUpperCase() : e))
      .filter((e) => !isDisposableEmail(e)),
    businessType: fc.constantFrom(...businessTypes),
    employees: fc.constantFrom(...teamSizes),
    agreedToTerms: fc.constant(true),
    extra: fc.option(anyJson, { nil: undefined }),
  })
  .map((record) => ({ valid: true, text: JSON.stringify(record), email: record.email.toLowerCase() }));

const other = (text: string) => ({ valid: false, text, email: "" });
const rawBody = fc.oneof(
  { weight: 4, arbitrary: validBody },
  { weight: 12, arbitrary: objectBody.map(other) },
  { weight: 2, arbitrary: anyJson.map((value) => other(JSON.stringify(value))) },
  { weight: 2, arbitrary: fc.string({ maxLength: 200 }).map(other) },
  {
    weight: 1,
    arbitrary: fc.string({ minLength: 1, maxLength: 4 }).map((s) => other(JSON.stringify({ name: s.repeat(3_000) }))),
  },
);
const contentType = fc.oneof(
  { weight: 10, arbitrary: fc.constant("application/json") },
  { weight: 1, arbitrary: fc.constantFrom("application/json; charset=utf-8", "text/plain", "application/xml", "") },
);

function honeypotFilled(text: string): boolean {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!parsed || typeof parsed !== "object") return false;
    const value = (parsed as Record<string, unknown>)[WAITLIST_HONEYPOT_FIELD];
    return value !== undefined && value !== null && !(typeof value === "string" && value.trim() === "");
  } catch {
    return false;
  }
}

function parses(text: string): boolean {
  try {
    return waitlistSignupSchema.safeParse(JSON.parse(text)).success;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  await resetDatabase();
});

describe(`POST /api/waitlist with random bodies (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it(`never answers 5xx and never stores a row from an invalid body (${RUNS} bodies)`, async () => {
    let request = 0;
    const statuses = new Map<number, number>();
    let notJson = 0;
    await fc.assert(
      fc.asyncProperty(rawBody, contentType, async (generated, type) => {
        const body = generated.text;
        request += 1;
        const before = await getDb().waitlistEntry.count();
        const response = await POST(
          new Request("http://localhost/api/waitlist", {
            method: "POST",
            // A distinct client each time, so the per-IP limit never masks validation.
            headers: {
              ...(type ? { "content-type": type } : {}),
              "x-forwarded-for": `10.${(request >> 16) & 255}.${(request >> 8) & 255}.${request & 255}`,
            },
            body,
          }),
          undefined,
        );
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        expect(response.status).toBeLessThan(500);
        expect([201, 400, 413]).toContain(response.status);
        const payload = (await response.json()) as { message?: unknown };
        expect(typeof payload.message).toBe("string");
        if (!type.startsWith("application/json")) {
          expect(payload.message).toBe(NOT_JSON_MESSAGE);
          notJson += 1;
        }

        const after = await getDb().waitlistEntry.count();
        if (generated.valid && type.startsWith("application/json")) {
          expect(response.status).toBe(201);
          expect(await getDb().waitlistEntry.count({ where: { email: generated.email } })).toBe(1);
        }
        if (response.status !== 201) {
          expect(after).toBe(before);
        } else {
          expect(parses(body)).toBe(true);
          if (honeypotFilled(body)) expect(after).toBe(before);
          else expect(after - before).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: RUNS },
    );

    // Every stored row is one a valid body could have produced.
    const rows = await getDb().waitlistEntry.findMany({
      select: { name: true, email: true, businessType: true, employees: true },
    });
    for (const row of rows) {
      expect(row.name).toBe(row.name.trim());
      expect(row.name.length).toBeGreaterThanOrEqual(2);
      expect(row.name.length).toBeLessThanOrEqual(100);
      expect(row.email).toBe(row.email.trim().toLowerCase());
      expect(row.email).toContain("@");
      expect(businessTypes).toContain(row.businessType);
      expect(teamSizes).toContain(row.employees);
    }
    // The generators reached every branch: stored signups, refusals and too-large bodies.
    expect(statuses.get(201) ?? 0).toBeGreaterThan(RUNS / 20);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(RUNS / 20);
    expect(statuses.get(413) ?? 0).toBeGreaterThan(0);
    expect(notJson).toBeGreaterThan(0);
    expect(rows.length).toBeGreaterThan(0);
  }, 60_000);
});
