import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";

import { GET as GET_CHALLENGE } from "@/app/api/waitlist/challenge/route";
import { POST as RESEND } from "@/app/api/waitlist/confirm/resend/route";
import { GET as GET_COUNT } from "@/app/api/waitlist/count/route";
import { POST } from "@/app/api/waitlist/route";
import { newChallenge } from "@/lib/challenge/altcha";
import { countHeldEntries } from "@/lib/data/waitlist/held";
import { WAITLIST_SUCCESS_MESSAGE } from "@/lib/data/waitlist/signups";
import { getDb } from "@/lib/db";
import { CHALLENGE_REQUIRED_MESSAGE } from "@/lib/validation/challenge";
import { NEW_LINK_SENT_MESSAGE } from "@/lib/validation/waitlist";
import { decodeThanks, THANKS_COOKIE } from "@/lib/waitlist-form-post";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

let ipCounter = 0;
const freshIp = () => {
  ipCounter += 1;
  return `203.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

const request = (url: string, body: unknown, contentType = "application/json") =>
  new Request(url, {
    method: "POST",
    headers: { "content-type": contentType, "x-forwarded-for": freshIp(), origin: "http://localhost" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const signUp = (body: unknown) => POST(request("http://localhost/api/waitlist", body), undefined);
const askForNewLink = (body: unknown) =>
  RESEND(request("http://localhost/api/waitlist/confirm/resend", body), undefined);

const person = (email: string) => ({
  name: "Ada Lovelace",
  email,
  businessType: "cleaning",
  employees: "2-5",
  agreedToTerms: true,
});

/** A proof as an API client makes one: a challenge from the endpoint, solved with altcha-lib. */
async function proof(): Promise<string> {
  const response = await GET_CHALLENGE(new Request("http://localhost/api/waitlist/challenge"), undefined);
  const challenge = await response.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

const entry = (email: string) =>
  getDb().waitlistEntry.findUnique({ where: { email }, select: { heldAt: true, heldReason: true } });
const emailsTo = (to: string) =>
  getDb().emailOutbox.findMany({ where: { to }, select: { kind: true }, orderBy: { id: "asc" } });
const publicCount = async () =>
  ((await (await GET_COUNT(new Request("http://localhost/api/waitlist/count"), undefined)).json()) as { count: number })
    .count;

const originalMode = process.env.SIGNUP_CHALLENGE;
afterAll(() => {
  process.env.SIGNUP_CHALLENGE = originalMode;
});

beforeEach(async () => {
  await resetDatabase();
});

describe(`the signup's proof of work (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("answers a fresh signed challenge that no cache may keep", async () => {
    const response = await GET_CHALLENGE(new Request("http://localhost/api/waitlist/challenge"), undefined);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/^no-store\b/);
    const challenge = (await response.json()) as { parameters: { expiresAt: number }; signature: string };
    expect(challenge.signature).toMatch(/\S{16,}/);
    expect(challenge.parameters.expiresAt * 1000).toBeGreaterThan(Date.now());
  });

  describe("hold (the default)", () => {
    beforeEach(() => {
      process.env.SIGNUP_CHALLENGE = "hold";
    });

    it("stores a signup without a proof held, answered like any other, with no email and no count", async () => {
      const response = await signUp(person("held@example.com"));
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({ message: WAITLIST_SUCCESS_MESSAGE });
      expect(await entry("held@example.com")).toEqual({ heldAt: expect.any(Date), heldReason: "missing" });
      expect(await emailsTo("held@example.com")).toEqual([]);
      expect(await publicCount()).toBe(0);
      expect(await countHeldEntries()).toBe(1);
    });

    it("takes a signup with a valid proof as today, and refuses the same proof the second time", async () => {
      const solved = await proof();
      expect((await signUp({ ...person("proven@example.com"), altcha: solved })).status).toBe(201);
      expect(await entry("proven@example.com")).toEqual({ heldAt: null, heldReason: null });
      expect(await emailsTo("proven@example.com")).toEqual([{ kind: "confirmation" }]);
      expect(await publicCount()).toBe(1);

      // The same solved challenge again, for another address: held, as replayed.
      expect((await signUp({ ...person("again@example.com"), altcha: solved })).status).toBe(201);
      expect(await entry("again@example.com")).toEqual({ heldAt: expect.any(Date), heldReason: "replayed" });
      expect(await emailsTo("again@example.com")).toEqual([]);
    });

    it("takes one proof sent with two signups at once for one of them only: the other is held as replayed", async () => {
      const solved = await proof();
      const responses = await Promise.all(
        ["first@example.com", "second@example.com"].map((email) => signUp({ ...person(email), altcha: solved })),
      );
      expect(responses.map((response) => response.status)).toEqual([201, 201]);
      const reasons = [await entry("first@example.com"), await entry("second@example.com")].map(
        (row) => row?.heldReason ?? null,
      );
      expect(reasons.toSorted()).toEqual([null, "replayed"].toSorted());
      expect(await publicCount()).toBe(1);
    });

    it("holds a signup whose proof is garbled, forged or expired, saying which", async () => {
      const forged = await solveChallenge({
        challenge: await newChallenge({ maxCounter: 10 }),
        deriveKey,
      });
      const expired = await newChallenge({ maxCounter: 10, now: new Date(Date.now() - 11 * 60_000) });
      const cases: [string, unknown, string][] = [
        ["garbled@example.com", "not base64 at all!", "malformed"],
        ["object@example.com", { counter: 1 }, "malformed"],
        [
          "forged@example.com",
          Buffer.from(
            JSON.stringify({
              challenge: { ...(await newChallenge({ maxCounter: 10 })), signature: "f".repeat(64) },
              solution: forged,
            }),
          ).toString("base64"),
          "invalid",
        ],
        [
          "expired@example.com",
          Buffer.from(
            JSON.stringify({ challenge: expired, solution: await solveChallenge({ challenge: expired, deriveKey }) }),
          ).toString("base64"),
          "expired",
        ],
      ];
      for (const [email, altcha, reason] of cases) {
        expect((await signUp({ ...person(email), altcha })).status).toBe(201);
        expect(await entry(email)).toEqual({ heldAt: expect.any(Date), heldReason: reason });
      }
      expect(await countHeldEntries()).toBe(cases.length);
    });

    it("releases a held entry when the same address signs up again with a proof, sending its email then", async () => {
      await signUp(person("later@example.com"));
      // A repeat without a proof changes nothing and sends nothing.
      await signUp(person("later@example.com"));
      expect(await emailsTo("later@example.com")).toEqual([]);
      expect((await signUp({ ...person("later@example.com"), altcha: await proof() })).status).toBe(201);
      expect(await entry("later@example.com")).toEqual({ heldAt: null, heldReason: null });
      expect(await emailsTo("later@example.com")).toEqual([{ kind: "confirmation" }]);
      expect(await publicCount()).toBe(1);
      expect(await countHeldEntries()).toBe(0);
    });

    it("sends no repeat confirmation to an address already on the list without a proof", async () => {
      await signUp({ ...person("on-list@example.com"), altcha: await proof() });
      await getDb().waitlistEntry.update({
        where: { email: "on-list@example.com" },
        data: { confirmationSentAt: new Date(Date.now() - 60 * 60_000) },
      });
      expect((await signUp(person("on-list@example.com"))).status).toBe(201);
      expect(await emailsTo("on-list@example.com")).toEqual([{ kind: "confirmation" }]);
      expect((await signUp({ ...person("on-list@example.com"), altcha: await proof() })).status).toBe(201);
      expect(await emailsTo("on-list@example.com")).toEqual([{ kind: "confirmation" }, { kind: "confirmation" }]);
    });

    it("sends a new link only with a proof, answering the same either way", async () => {
      await signUp({ ...person("link@example.com"), altcha: await proof() });
      await getDb().waitlistEntry.update({
        where: { email: "link@example.com" },
        data: { confirmationSentAt: new Date(Date.now() - 60 * 60_000) },
      });
      const without = await askForNewLink({ email: "link@example.com" });
      expect(without.status).toBe(202);
      expect(await without.json()).toEqual({ message: NEW_LINK_SENT_MESSAGE });
      expect(await emailsTo("link@example.com")).toHaveLength(1);
      const withProof = await askForNewLink({ email: "link@example.com", altcha: await proof() });
      expect(withProof.status).toBe(202);
      expect(await emailsTo("link@example.com")).toHaveLength(2);
    });

    it("holds a signup from the plain form (no scripts, so no proof) and still thanks the visitor", async () => {
      const form = new URLSearchParams({
        name: "Plain Form",
        email: "plain@example.com",
        businessType: "cleaning",
        employees: "2-5",
        agreedToTerms: "on",
      });
      const response = await POST(
        new Request("http://localhost/api/waitlist", {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            accept: "text/html",
            "x-forwarded-for": freshIp(),
            origin: "http://localhost",
          },
          body: form.toString(),
        }),
        undefined,
      );
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toMatch(/\/waitlist\/thanks$/);
      expect(await entry("plain@example.com")).toEqual({ heldAt: expect.any(Date), heldReason: "missing" });
    });

    it("tells the plain form's thank-you page what the server did: held (no proof, or a replayed one) or not, the same for a repeat of a listed address", async () => {
      const plainPost = async (fields: Record<string, string>) => {
        const response = await POST(
          new Request("http://localhost/api/waitlist", {
            method: "POST",
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              accept: "text/html",
              "x-forwarded-for": freshIp(),
              origin: "http://localhost",
            },
            body: new URLSearchParams({ ...person(fields.email!), agreedToTerms: "on", ...fields }).toString(),
          }),
          undefined,
        );
        expect(response.status).toBe(303);
        const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${THANKS_COOKIE}=`))!;
        return decodeThanks(cookie.split(";")[0]!.slice(THANKS_COOKIE.length + 1));
      };

      // Without scripts: no proof, so held, with nothing sent.
      expect(await plainPost({ email: "plain@example.com" })).toEqual({ email: "plain@example.com", held: true });
      expect(await emailsTo("plain@example.com")).toEqual([]);
      // An address already on the list, confirmed even, gets the very same answer without a proof.
      await signUp({ ...person("listed@example.com"), altcha: await proof() });
      await getDb().waitlistEntry.update({ where: { email: "listed@example.com" }, data: { confirmedAt: new Date() } });
      expect(await plainPost({ email: "listed@example.com" })).toEqual({ email: "listed@example.com", held: true });
      // So does a bot caught by the honeypot, which stores nothing.
      expect(await plainPost({ email: "bot@example.com", website: "https://spam.example" })).toEqual({
        email: "bot@example.com",
        held: true,
      });
      expect(await entry("bot@example.com")).toBeNull();

      // With a valid proof the signup is not held and its link is queued; a proven repeat of a listed address
      // sends nothing new and is answered the same.
      const solved = await proof();
      expect(await plainPost({ email: "proven@example.com", altcha: solved })).toEqual({
        email: "proven@example.com",
        held: false,
      });
      expect(await emailsTo("proven@example.com")).toEqual([{ kind: "confirmation" }]);
      expect(await plainPost({ email: "listed@example.com", altcha: await proof() })).toEqual({
        email: "listed@example.com",
        held: false,
      });
      expect(await emailsTo("listed@example.com")).toEqual([{ kind: "confirmation" }]);

      // The same proof again is held as replayed, and the page is told so.
      expect(await plainPost({ email: "replay@example.com", altcha: solved })).toEqual({
        email: "replay@example.com",
        held: true,
      });
      expect(await entry("replay@example.com")).toEqual({ heldAt: expect.any(Date), heldReason: "replayed" });
      expect(await emailsTo("replay@example.com")).toEqual([]);
    });

    it("costs no proof for a body the schema refuses", async () => {
      const solved = await proof();
      expect((await signUp({ ...person("not an email"), altcha: solved })).status).toBe(400);
      expect((await signUp({ ...person("kept@example.com"), altcha: solved })).status).toBe(201);
      expect(await entry("kept@example.com")).toEqual({ heldAt: null, heldReason: null });
    });
  });

  describe("require", () => {
    beforeEach(() => {
      process.env.SIGNUP_CHALLENGE = "require";
    });

    it("refuses a signup or a request for a new link without a valid proof with 400, storing nothing", async () => {
      const response = await signUp(person("refused@example.com"));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: CHALLENGE_REQUIRED_MESSAGE });
      expect(await entry("refused@example.com")).toBeNull();
      const link = await askForNewLink({ email: "refused@example.com" });
      expect(link.status).toBe(400);
      expect(await link.json()).toEqual({ message: CHALLENGE_REQUIRED_MESSAGE });
    });

    it("takes a signup with a valid proof", async () => {
      expect((await signUp({ ...person("required@example.com"), altcha: await proof() })).status).toBe(201);
      expect(await entry("required@example.com")).toEqual({ heldAt: null, heldReason: null });
      expect(await emailsTo("required@example.com")).toEqual([{ kind: "confirmation" }]);
    });
  });

  describe("off", () => {
    beforeEach(() => {
      process.env.SIGNUP_CHALLENGE = "off";
    });

    it("sends at most three new links a day to one address, with the same answer past them", async () => {
      expect((await signUp(person("often@example.com"))).status).toBe(201);
      for (let ask = 0; ask < 5; ask++) {
        // Past the ten minutes between links each time.
        await getDb().waitlistEntry.update({
          where: { email: "often@example.com" },
          data: { confirmationSentAt: new Date(Date.now() - 60 * 60_000) },
        });
        const answer = await askForNewLink({ email: "often@example.com" });
        expect([answer.status, await answer.json()]).toEqual([202, { message: NEW_LINK_SENT_MESSAGE }]);
      }
      expect(await emailsTo("often@example.com")).toHaveLength(4);
    });

    it("checks nothing: a signup without a proof is taken and emailed at once", async () => {
      expect((await signUp(person("trusted@example.com"))).status).toBe(201);
      expect(await entry("trusted@example.com")).toEqual({ heldAt: null, heldReason: null });
      expect(await emailsTo("trusted@example.com")).toEqual([{ kind: "confirmation" }]);
      expect(await publicCount()).toBe(1);
    });
  });
});
