import { GET as GET_COUNT } from "@/app/api/waitlist/count/route";
import { DELETE, GET, PATCH, POST, PUT } from "@/app/api/waitlist/route";
import {
  WAITLIST_BUSY_MESSAGE,
  WAITLIST_RATE_LIMIT,
  WAITLIST_RATE_LIMIT_MESSAGE,
  WAITLIST_SUCCESS_MESSAGE,
} from "@/lib/data/waitlist/signups";
import { getDb } from "@/lib/db";
import { NOT_JSON_MESSAGE } from "@/lib/http";
import {
  BUSINESS_TYPE_OPTIONS,
  PERMANENT_EMAIL_MESSAGE,
  TEAM_SIZE_OPTIONS,
  WAITLIST_HONEYPOT_FIELD,
} from "@/lib/validation/waitlist";
import { prepareTestDatabase, resetDatabase } from "@/test/db";
import { awayFromWindowEdge } from "@/test/rate-limit-window";

prepareTestDatabase();

const URL = "http://localhost/api/waitlist";
let ipCounter = 0;

/** A distinct client address per request unless a test pins one, so the per-IP limit stays out of the way. */
function freshIp() {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

function post(body: unknown, options: { ip?: string; headers?: Record<string, string>; raw?: string } = {}) {
  return POST(
    new Request(URL, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": options.ip ?? freshIp(), ...options.headers },
      body: options.raw ?? JSON.stringify(body),
    }),
    undefined,
  );
}

const valid = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  businessType: "cleaning",
  employees: "2-5",
  agreedToTerms: true,
};

const rows = () =>
  getDb().waitlistEntry.findMany({
    orderBy: { id: "asc" },
    select: {
      id: true,
      name: true,
      email: true,
      businessType: true,
      employees: true,
      joinedAt: true,
      consentedAt: true,
    },
  });

async function errorsOf(response: Response) {
  expect(response.status).toBe(400);
  const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
  expect(typeof body.message).toBe("string");
  return body.errors;
}

beforeEach(async () => {
  await resetDatabase();
});

describe(`POST /api/waitlist (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("stores a valid signup and answers 201 with only a message", async () => {
    const before = Date.now();
    const response = await post(valid);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: WAITLIST_SUCCESS_MESSAGE });
    expect(response.headers.get("cache-control")).toBe("no-store, no-transform");

    const [entry, ...others] = await rows();
    expect(others).toHaveLength(0);
    expect(entry).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.com",
      businessType: "cleaning",
      employees: "2-5",
    });
    // Consent time is recorded with the entry (GDPR).
    expect(entry!.consentedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(entry!.consentedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(entry!.joinedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("accepts every business type and team size the form offers, and stores the value, not the label", async () => {
    for (const [index, type] of BUSINESS_TYPE_OPTIONS.entries()) {
      const size = TEAM_SIZE_OPTIONS[index % TEAM_SIZE_OPTIONS.length]!;
      const response = await post({
        ...valid,
        email: `type-${index}@example.com`,
        businessType: type.value,
        employees: size.value,
      });
      expect(response.status).toBe(201);
    }
    const stored = await rows();
    expect(stored.map((row) => row.businessType)).toEqual(BUSINESS_TYPE_OPTIONS.map((option) => option.value));
    expect(new Set(stored.map((row) => row.employees))).toEqual(
      new Set(TEAM_SIZE_OPTIONS.map((option) => option.value)),
    );
  });

  describe("validation: every rule answers 400 with its message on its field, and stores nothing", () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ["a missing name", { name: undefined }, "name", "Name must be at least 2 characters"],
      ["a one-letter name", { name: "A" }, "name", "Name must be at least 2 characters"],
      ["a name of spaces around one letter", { name: "  A   " }, "name", "Name must be at least 2 characters"],
      ["a name that is not text", { name: 42 }, "name", "Name must be at least 2 characters"],
      ["a name over 100 characters", { name: "x".repeat(101) }, "name", "Name must be at most 100 characters"],
      ["a missing email", { email: undefined }, "email", "Please enter a valid email address"],
      ["an email without @", { email: "not-an-email" }, "email", "Please enter a valid email address"],
      ["an email without a domain", { email: "ada@" }, "email", "Please enter a valid email address"],
      ["an email that is not text", { email: ["ada@example.com"] }, "email", "Please enter a valid email address"],
      [
        "an email over 254 characters",
        { email: `${"a".repeat(250)}@example.com` },
        "email",
        "Email must be at most 254 characters",
      ],
      ["a missing business type", { businessType: undefined }, "businessType", "Please select a business type"],
      ["an empty business type", { businessType: "" }, "businessType", "Please select a business type"],
      [
        "a business type the form does not offer",
        { businessType: "astronaut" },
        "businessType",
        "Please select a business type",
      ],
      [
        "a business type given as its label",
        { businessType: "Cleaning" },
        "businessType",
        "Please select a business type",
      ],
      ["a missing team size", { employees: undefined }, "employees", "Please select team size"],
      ["an empty team size", { employees: "" }, "employees", "Please select team size"],
      ["a team size the form does not offer", { employees: "500" }, "employees", "Please select team size"],
      ["a team size given as a number", { employees: 1 }, "employees", "Please select team size"],
      ["no consent", { agreedToTerms: false }, "agreedToTerms", "You must agree to the terms"],
      ["missing consent", { agreedToTerms: undefined }, "agreedToTerms", "You must agree to the terms"],
      ["consent given as the string 'true'", { agreedToTerms: "true" }, "agreedToTerms", "You must agree to the terms"],
    ];

    it.each(cases)("%s", async (_label, change, field, message) => {
      const response = await post({ ...valid, ...change });
      const errors = await errorsOf(response);
      expect(errors[field]).toEqual([message]);
      expect(Object.keys(errors)).toEqual([field]);
      expect(await rows()).toHaveLength(0);
    });

    it("reports every invalid field at once", async () => {
      const errors = await errorsOf(await post({}));
      expect(errors).toEqual({
        name: ["Name must be at least 2 characters"],
        email: ["Please enter a valid email address"],
        businessType: ["Please select a business type"],
        employees: ["Please select team size"],
        agreedToTerms: ["You must agree to the terms"],
      });
    });

    it("accepts a name of exactly 2 and exactly 100 characters, trimmed", async () => {
      expect((await post({ ...valid, email: "two@example.com", name: "  Al  " })).status).toBe(201);
      expect((await post({ ...valid, email: "hundred@example.com", name: "y".repeat(100) })).status).toBe(201);
      expect((await rows()).map((row) => row.name)).toEqual(["Al", "y".repeat(100)]);
    });

    it("refuses a body that is not an object", async () => {
      for (const body of [null, [], "ada@example.com", 7, true]) {
        const response = await post(body);
        expect(response.status).toBe(400);
      }
      expect(await rows()).toHaveLength(0);
    });
  });

  describe("disposable addresses", () => {
    it("refuses an address at a disposable-mail domain, or a subdomain of one, on its field, storing nothing", async () => {
      for (const email of ["someone@mailinator.com", "Someone@MAILINATOR.com", "a@inbox.mailinator.com"]) {
        const errors = await errorsOf(await post({ ...valid, email }));
        expect(errors).toEqual({ email: [PERMANENT_EMAIL_MESSAGE] });
      }
      expect(await rows()).toHaveLength(0);
    });

    it("says so beside the form's other messages, not only once they are fixed", async () => {
      const errors = await errorsOf(await post({ ...valid, name: "", email: "someone@mailinator.com" }));
      expect(errors).toEqual({ name: ["Name must be at least 2 characters"], email: [PERMANENT_EMAIL_MESSAGE] });
    });

    it("accepts permanent providers", async () => {
      for (const email of ["ada.l@gmail.com", "ada@fastmail.com", "ada@outlook.com", "ada@proton.me"])
        expect((await post({ ...valid, email })).status).toBe(201);
      expect(await rows()).toHaveLength(4);
    });

    it("refuses a disposable address sent by the plain form too, and keeps the visitor's entries", async () => {
      const response = await POST(
        new Request(URL, {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            origin: "http://localhost",
            accept: "text/html",
            "x-forwarded-for": freshIp(),
          },
          body: new URLSearchParams({ ...valid, email: "ada@mailinator.com", agreedToTerms: "on" }).toString(),
        }),
        undefined,
      );
      // Back to the form's own page, which says why on the email field (app/waitlist/join/page.tsx).
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/waitlist/join");
      expect(await rows()).toHaveLength(0);
    });
  });

  describe('"What kind of business?" (with the business type Other)', () => {
    const described = () =>
      getDb().waitlistEntry.findMany({
        orderBy: { id: "asc" },
        select: { email: true, businessType: true, businessDescription: true },
      });

    it("stores it trimmed with Other, and stores nothing for a blank one", async () => {
      expect((await post({ ...valid, businessType: "other", businessDescription: "  Pet grooming  " })).status).toBe(
        201,
      );
      expect(
        (await post({ ...valid, email: "bo@example.com", businessType: "other", businessDescription: "   " })).status,
      ).toBe(201);
      expect((await post({ ...valid, email: "cy@example.com", businessType: "other" })).status).toBe(201);
      expect(await described()).toEqual([
        { email: "ada@example.com", businessType: "other", businessDescription: "Pet grooming" },
        { email: "bo@example.com", businessType: "other", businessDescription: null },
        { email: "cy@example.com", businessType: "other", businessDescription: null },
      ]);
    });

    it("ignores it with any other business type, whatever it holds", async () => {
      const response = await post({ ...valid, businessType: "car", businessDescription: "z".repeat(1000) });
      expect(response.status).toBe(201);
      expect(await described()).toEqual([{ email: "ada@example.com", businessType: "car", businessDescription: null }]);
    });

    it("answers 400 on its field when it is too long, not text or holds control characters, storing nothing", async () => {
      const other = { ...valid, businessType: "other" };
      expect(
        (await errorsOf(await post({ ...other, businessDescription: "p".repeat(101) }))).businessDescription,
      ).toEqual(["Please keep it to 100 characters"]);
      expect((await errorsOf(await post({ ...other, businessDescription: 42 }))).businessDescription).toEqual([
        "What kind of business must be text",
      ]);
      expect((await errorsOf(await post({ ...other, businessDescription: "Dogs\u0000" }))).businessDescription).toEqual(
        ["What kind of business must not contain control characters"],
      );
      // 100 characters is allowed, counted after trimming.
      expect((await post({ ...other, businessDescription: ` ${"p".repeat(100)} ` })).status).toBe(201);
      expect(await described()).toEqual([
        { email: "ada@example.com", businessType: "other", businessDescription: "p".repeat(100) },
      ]);
    });
  });

  it("ignores unknown fields and never stores them", async () => {
    const response = await post({
      ...valid,
      id: 999,
      joinedAt: "2000-01-01T00:00:00Z",
      consentedAt: "2000-01-01T00:00:00Z",
      isAdmin: true,
    });
    expect(response.status).toBe(201);
    const [entry] = await rows();
    expect(entry!.id).not.toBe(999);
    expect(entry!.joinedAt.getUTCFullYear()).toBeGreaterThan(2000);
    expect(entry!.consentedAt.getUTCFullYear()).toBeGreaterThan(2000);
  });

  describe("bodies that are not a JSON object of a sane size", () => {
    it("refuses a body that is not JSON", async () => {
      const response = await post(undefined, { raw: "name=Ada&email=ada@example.com" });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: expect.stringMatching(/not valid JSON/i) });
    });

    it("refuses an empty body", async () => {
      const response = await post(undefined, { raw: "" });
      expect(response.status).toBe(400);
      expect((await response.json()).message).toMatch(/empty/i);
    });

    // A form's types (URL-encoded, multipart) are the form posted without scripts: see form-post.test.ts.
    it("refuses a body not declared as JSON or a form with 400 and a message saying how to send it, storing nothing", async () => {
      for (const type of ["text/plain", "application/xml", ""]) {
        const response = await post(undefined, { raw: JSON.stringify(valid), headers: { "content-type": type } });
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({ message: NOT_JSON_MESSAGE });
      }
      expect(NOT_JSON_MESSAGE).toMatch(/Content-Type: application\/json/);
      expect(await rows()).toHaveLength(0);
    });

    it("refuses a body over 10 KB with 413, whether or not it declares its length", async () => {
      const big = JSON.stringify({ ...valid, padding: "x".repeat(11_000) });
      const undeclared = await post(undefined, { raw: big });
      expect(undeclared.status).toBe(413);
      expect((await undeclared.json()).message).toMatch(/too large/i);
      const declared = await post(undefined, { raw: big, headers: { "content-length": String(big.length) } });
      expect(declared.status).toBe(413);
      expect(await rows()).toHaveLength(0);
    });
  });

  it("answers other methods with 405 and an Allow header", async () => {
    for (const handler of [GET, PUT, PATCH, DELETE]) {
      const response = await handler();
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
      expect((await response.json()).message).toMatch(/POST/);
    }
  });

  describe("where the signup came from", () => {
    const source = async () =>
      (
        await getDb().waitlistEntry.findMany({
          select: { utmSource: true, utmMedium: true, utmCampaign: true, referrer: true },
        })
      )[0];

    it("stores the visit's UTM parameters and referring host, source and medium lower-cased, unknown keys dropped", async () => {
      const response = await post({
        ...valid,
        source: {
          utmSource: " Newsletter ",
          utmMedium: "Email",
          utmCampaign: "Spring Sale 2026",
          referrer: "News.Example.com",
          gclid: "abc",
        },
      });
      expect(response.status).toBe(201);
      expect(await source()).toEqual({
        utmSource: "newsletter",
        utmMedium: "email",
        utmCampaign: "Spring Sale 2026",
        referrer: "news.example.com",
      });
    });

    it("stores nothing for a direct visit, or for blank values", async () => {
      await post(valid);
      await post({ ...valid, email: "bo@example.com", source: { utmSource: "", referrer: "  " } });
      expect(
        await getDb().waitlistEntry.findMany({
          select: { utmSource: true, utmMedium: true, utmCampaign: true, referrer: true },
        }),
      ).toEqual([
        { utmSource: null, utmMedium: null, utmCampaign: null, referrer: null },
        { utmSource: null, utmMedium: null, utmCampaign: null, referrer: null },
      ]);
    });

    it("keeps the first signup's source when the same address signs up again from elsewhere", async () => {
      await post({ ...valid, source: { utmSource: "newsletter", utmCampaign: "spring" } });
      await post({ ...valid, source: { utmSource: "twitter", referrer: "t.co" } });
      expect(await source()).toEqual({
        utmSource: "newsletter",
        utmMedium: null,
        utmCampaign: "spring",
        referrer: null,
      });
    });

    it("refuses values outside the safe set with 400 and a message naming the field, storing nothing", async () => {
      for (const bad of [
        { utmSource: "<script>" },
        { utmCampaign: "=HYPERLINK(1)" },
        { utmMedium: "x".repeat(101) },
        { referrer: "https://evil.example/path" },
        { referrer: "not a host" },
        { utmSource: 42 },
        "newsletter",
      ]) {
        const response = await post({ ...valid, source: bad });
        expect(response.status).toBe(400);
        const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
        expect(Object.keys(body.errors).join(" ")).toMatch(/source/);
      }
      expect(await rows()).toEqual([]);
    });
  });

  describe("duplicates", () => {
    it("answers a repeat signup exactly like a first one and changes nothing stored", async () => {
      const first = await post(valid);
      const firstBody = await first.text();
      const [original] = await rows();

      // Whoever knows an address must not be able to rewrite that person's details or consent time.
      const again = await post({ ...valid, name: "Mallory Rewrite", businessType: "tutoring", employees: "11+" });
      expect(again.status).toBe(first.status);
      expect(await again.text()).toBe(firstBody);
      expect([...again.headers.keys()].sort()).toEqual([...first.headers.keys()].sort());

      expect(await rows()).toEqual([original]);
    });

    it("folds case and surrounding whitespace of emails into one entry", async () => {
      for (const email of ["Ada@Example.COM", "  ada@example.com ", "ADA@EXAMPLE.COM\t"]) {
        expect((await post({ ...valid, email })).status).toBe(201);
      }
      const stored = await rows();
      expect(stored.map((row) => row.email)).toEqual(["ada@example.com"]);
    });

    it("leaves exactly one row after 50 concurrent identical posts, all answered alike", async () => {
      const responses = await Promise.all(Array.from({ length: 50 }, () => post(valid)));
      const bodies = await Promise.all(responses.map((response) => response.text()));
      expect(new Set(responses.map((response) => response.status))).toEqual(new Set([201]));
      expect(new Set(bodies).size).toBe(1);
      expect(await getDb().waitlistEntry.count({ where: { email: "ada@example.com" } })).toBe(1);
      expect(await rows()).toHaveLength(1);
    });

    it("keeps one row per email when differently-cased duplicates race", async () => {
      const emails = Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0 ? "RACE@example.com" : i % 3 === 1 ? " race@EXAMPLE.com" : "race@example.com",
      );
      const responses = await Promise.all(emails.map((email) => post({ ...valid, email })));
      expect(responses.every((response) => response.status === 201)).toBe(true);
      expect((await rows()).map((row) => row.email)).toEqual(["race@example.com"]);
    });
  });

  describe("honeypot", () => {
    it("answers a filled honeypot exactly like a real signup and stores nothing", async () => {
      const real = await post({ ...valid, email: "real@example.com" });
      const bot = await post({ ...valid, email: "bot@example.com", [WAITLIST_HONEYPOT_FIELD]: "https://spam.example" });
      expect(bot.status).toBe(real.status);
      expect(await bot.text()).toBe(await real.text());
      expect((await rows()).map((row) => row.email)).toEqual(["real@example.com"]);
    });

    it("treats any non-empty honeypot value as filled, and an empty one as a person", async () => {
      for (const value of ["x", 1, true, { url: "x" }, ["x"]]) {
        expect((await post({ ...valid, email: "bot@example.com", [WAITLIST_HONEYPOT_FIELD]: value })).status).toBe(201);
      }
      expect(await rows()).toHaveLength(0);
      expect((await post({ ...valid, email: "person@example.com", [WAITLIST_HONEYPOT_FIELD]: "  " })).status).toBe(201);
      expect((await post({ ...valid, email: "person2@example.com", [WAITLIST_HONEYPOT_FIELD]: null })).status).toBe(
        201,
      );
      expect((await rows()).map((row) => row.email)).toEqual(["person@example.com", "person2@example.com"]);
    });

    it("does not change the count", async () => {
      await post({ ...valid, [WAITLIST_HONEYPOT_FIELD]: "spam" });
      expect(await (await GET_COUNT(new Request("http://localhost/api/waitlist/count"), undefined)).json()).toEqual({
        count: 0,
      });
    });
  });

  describe("rate limit", () => {
    // Each counting test needs a few seconds inside one window of the limit.
    const insideOneWindow = () => awayFromWindowEdge(WAITLIST_RATE_LIMIT.windowMs, 10_000);

    it("allows 5 signups a minute per IP, then answers 429 with Retry-After and a message, storing nothing", async () => {
      await insideOneWindow();
      const ip = "203.0.113.77";
      for (let i = 0; i < 5; i++) {
        expect((await post({ ...valid, email: `limit-${i}@example.com` }, { ip })).status).toBe(201);
      }
      const blocked = await post({ ...valid, email: "limit-5@example.com" }, { ip });
      expect(blocked.status).toBe(429);
      expect(await blocked.json()).toEqual({ message: WAITLIST_RATE_LIMIT_MESSAGE });
      const retryAfter = Number(blocked.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await rows()).toHaveLength(5);

      // Other clients are unaffected.
      expect((await post({ ...valid, email: "other@example.com" }, { ip: "203.0.113.78" })).status).toBe(201);
    });

    it("keys on the address the proxy added, so rotating a spoofed leading X-Forwarded-For entry does not escape it", async () => {
      await insideOneWindow();
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        // The client sends `X-Forwarded-For: <anything>`; the proxy appends the address it really saw.
        const response = await post(
          { ...valid, email: `spoof-${i}@example.com` },
          { ip: `10.0.0.${i + 1}, 203.0.113.80` },
        );
        statuses.push(response.status);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
      expect(await rows()).toHaveLength(5);
    });

    it("counts an IPv6 client by its /64: addresses spread over one network share one budget", async () => {
      await insideOneWindow();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const response = await post({ ...valid, email: `v6-${i}@example.com` }, { ip: `2001:db8:9:9::${i + 1}` });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    });

    it("counts the limit in the database, where every server instance sees it", async () => {
      const ip = "203.0.113.90";
      await post({ ...valid, email: "db-limit@example.com" }, { ip });
      const counters = await getDb().rateLimit.findMany({
        where: { key: { contains: ip } },
        select: { key: true, count: true },
      });
      expect(counters).toEqual([{ key: `waitlist:ip:${ip}`, count: 1 }]);
    });

    it("holds under a concurrent burst from one IP: exactly 5 get through", async () => {
      await insideOneWindow();
      const ip = "203.0.113.91";
      const responses = await Promise.all(
        Array.from({ length: 12 }, (_, i) => post({ ...valid, email: `burst-${i}@example.com` }, { ip })),
      );
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses.filter((status) => status === 201)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(7);
      expect(await rows()).toHaveLength(5);
    });

    it("counts a client over its own limit nothing against the site-wide backstop, and stores nothing for it", async () => {
      await insideOneWindow();
      const ip = "203.0.113.92";
      const statuses = [];
      for (let i = 0; i < 8; i++)
        statuses.push((await post({ ...valid, email: `own-${i}@example.com` }, { ip })).status);
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
      const counters = await getDb().rateLimit.findMany({
        select: { key: true, count: true },
        orderBy: { key: "asc" },
      });
      expect(counters).toEqual([
        { key: "waitlist:all", count: 5 },
        { key: `waitlist:ip:${ip}`, count: 8 },
      ]);
      expect(await rows()).toHaveLength(5);
    });

    it("holds a site-wide backstop whatever addresses clients claim, and keeps it apart from the per-client limit", async () => {
      await insideOneWindow();
      const saved = process.env.WAITLIST_SIGNUPS_PER_MINUTE;
      process.env.WAITLIST_SIGNUPS_PER_MINUTE = "3";
      try {
        const statuses = [];
        for (let i = 0; i < 4; i++)
          statuses.push((await post({ ...valid, email: `everyone-${i}@example.com` })).status);
        expect(statuses).toEqual([201, 201, 201, 429]);
        const busy = await post({ ...valid, email: "everyone-5@example.com" });
        expect(await busy.json()).toEqual({ message: WAITLIST_BUSY_MESSAGE });
        expect(Number(busy.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
        expect(await rows()).toHaveLength(3);
      } finally {
        if (saved === undefined) delete process.env.WAITLIST_SIGNUPS_PER_MINUTE;
        else process.env.WAITLIST_SIGNUPS_PER_MINUTE = saved;
      }
    });

    it("counts only the backstop for a client whose address cannot be known", async () => {
      await insideOneWindow();
      const saved = process.env.TRUSTED_PROXY_HOPS;
      process.env.TRUSTED_PROXY_HOPS = "0";
      try {
        // No proxy is trusted and this request never passed through the Node server: no address at all.
        expect((await post({ ...valid, email: "nowhere@example.com" }, { ip: "203.0.113.93" })).status).toBe(201);
        const keys = (await getDb().rateLimit.findMany({ select: { key: true } })).map((row) => row.key);
        expect(keys).toEqual(["waitlist:all"]);
      } finally {
        process.env.TRUSTED_PROXY_HOPS = saved;
      }
    });

    it("does not spend the allowance on invalid bodies", async () => {
      const ip = "203.0.113.92";
      for (let i = 0; i < 8; i++) expect((await post({ ...valid, name: "" }, { ip })).status).toBe(400);
      expect((await post(valid, { ip })).status).toBe(201);
    });
  });
});
