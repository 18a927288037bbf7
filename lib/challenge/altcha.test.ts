import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";

import { GET, POST } from "@/app/api/waitlist/challenge/route";
import { challengeSecret, newChallenge, verifyProof } from "@/lib/challenge/altcha";
import { getDb } from "@/lib/db";
import { parseEnv } from "@/lib/env";
import { CHALLENGE_TTL_MS } from "@/lib/validation/challenge";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

beforeEach(() => resetDatabase());

// Small enough to solve in a few milliseconds: these tests are about checking, not about the work.
const EASY = 50;

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");

/** A challenge solved the way the widget solves it, as the payload the widget would post. */
async function solved(challenge?: Challenge) {
  const issued = challenge ?? (await newChallenge({ maxCounter: EASY }));
  const solution = await solveChallenge({ challenge: issued, deriveKey });
  if (!solution) throw new Error("the test challenge was not solved");
  return { challenge: issued, solution, payload: encode({ challenge: issued, solution }) };
}

describe(`signup challenge (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("accepts a solved challenge once, then refuses it as replayed", async () => {
    const { payload } = await solved();
    expect(await verifyProof(payload)).toEqual({ ok: true });
    expect(await verifyProof(payload)).toEqual({ ok: false, reason: "replayed" });
    expect(await getDb().challengeSolution.count()).toBe(1);
  });

  it("accepts only one of two copies sent at the same moment, as two servers would see them", async () => {
    const { payload } = await solved();
    const results = await Promise.all([verifyProof(payload), verifyProof(payload)]);
    expect(results).toEqual(expect.arrayContaining([{ ok: true }, { ok: false, reason: "replayed" }]));
  });

  it("remembers an accepted challenge until it expires, by a hash of its signature only", async () => {
    const before = Date.now();
    const { challenge, payload } = await solved();
    await verifyProof(payload);
    const [row] = await getDb().challengeSolution.findMany();
    expect(row!.expiresAt.getTime()).toBe(challenge.parameters.expiresAt! * 1000);
    expect(row!.expiresAt.getTime()).toBeGreaterThanOrEqual(Math.floor((before + CHALLENGE_TTL_MS) / 1000) * 1000);
    expect(Buffer.from(row!.signatureHash).toString("hex")).not.toContain(challenge.signature);
    expect(row!.signatureHash).toHaveLength(32);
  });

  it("refuses a replay whose payload differs only in what the signature does not cover (the solving time)", async () => {
    const { challenge, solution, payload } = await solved();
    expect(await verifyProof(payload)).toEqual({ ok: true });
    const again = encode({ challenge, solution: { ...solution, time: 1 } });
    expect(await verifyProof(again)).toEqual({ ok: false, reason: "replayed" });
  });

  it("refuses a challenge whose parameters were changed after signing", async () => {
    const { challenge, solution } = await solved();
    const later = { ...challenge.parameters, expiresAt: challenge.parameters.expiresAt! + 3600 };
    expect(await verifyProof(encode({ challenge: { ...challenge, parameters: later }, solution }))).toEqual({
      ok: false,
      reason: "invalid",
    });
    const easier = { ...challenge.parameters, keyPrefix: "00" };
    expect(await verifyProof(encode({ challenge: { ...challenge, parameters: easier }, solution }))).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("refuses a wrong solution and a challenge signed with another key", async () => {
    const { challenge, solution } = await solved();
    const wrong = { counter: solution.counter + 1, derivedKey: solution.derivedKey };
    expect(await verifyProof(encode({ challenge, solution: wrong }))).toEqual({ ok: false, reason: "invalid" });

    process.env.SIGNUP_CHALLENGE_SECRET = "another-secret-of-at-least-thirty-two-characters";
    try {
      const foreign = await solved();
      delete process.env.SIGNUP_CHALLENGE_SECRET;
      expect(await verifyProof(foreign.payload)).toEqual({ ok: false, reason: "invalid" });
    } finally {
      delete process.env.SIGNUP_CHALLENGE_SECRET;
    }
    expect(await getDb().challengeSolution.count()).toBe(0);
  });

  it("refuses an expired challenge, by the clock it is given or by the real one", async () => {
    const { payload } = await solved();
    const afterExpiry = new Date(Date.now() + CHALLENGE_TTL_MS + 1000);
    expect(await verifyProof(payload, afterExpiry)).toEqual({ ok: false, reason: "expired" });

    const old = await newChallenge({ maxCounter: EASY, now: new Date(Date.now() - CHALLENGE_TTL_MS - 1000) });
    expect(await verifyProof((await solved(old)).payload)).toEqual({ ok: false, reason: "expired" });
    expect(await getDb().challengeSolution.count()).toBe(0);
  });

  it("tells a missing payload from a malformed one", async () => {
    for (const missing of [undefined, null, "", "   "]) {
      expect(await verifyProof(missing)).toEqual({ ok: false, reason: "missing" });
    }
    const { challenge } = await solved();
    for (const malformed of [
      "not base64!",
      Buffer.from("not json").toString("base64"),
      encode({ challenge }),
      encode({ challenge: { parameters: {} }, solution: { counter: 1, derivedKey: "00" } }),
      encode([1, 2, 3]),
      "A".repeat(5000),
    ]) {
      expect(await verifyProof(malformed)).toEqual({ ok: false, reason: "malformed" });
    }
  });

  it("is served by GET /api/waitlist/challenge as JSON nobody caches", async () => {
    const response = await GET(new Request("http://localhost/api/waitlist/challenge"), undefined);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    // json() adds no-transform to short answers (see lib/http.ts).
    expect(response.headers.get("cache-control")).toMatch(/^no-store\b/);
    const challenge = (await response.json()) as Challenge;
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters).toMatchObject({ algorithm: "SHA-256", cost: 1 });
    expect(challenge.parameters.expiresAt! * 1000).toBeGreaterThan(Date.now());
    expect(POST().status).toBe(405);
  });

  it("signs with SIGNUP_CHALLENGE_SECRET, else with a key derived from AUTH_SECRET that is not AUTH_SECRET", () => {
    const saved = { auth: process.env.AUTH_SECRET, own: process.env.SIGNUP_CHALLENGE_SECRET };
    try {
      delete process.env.SIGNUP_CHALLENGE_SECRET;
      process.env.AUTH_SECRET = "an-auth-secret-of-at-least-thirty-two-chars";
      const derived = challengeSecret();
      expect(derived).toMatch(/^[0-9a-f]{64}$/);
      expect(derived).not.toContain(process.env.AUTH_SECRET);
      expect(challengeSecret()).toBe(derived);
      process.env.AUTH_SECRET = "another-auth-secret-of-at-least-thirty-two";
      expect(challengeSecret()).not.toBe(derived);
      process.env.SIGNUP_CHALLENGE_SECRET = "a-signup-challenge-secret-of-thirty-two-chars";
      expect(challengeSecret()).toBe("a-signup-challenge-secret-of-thirty-two-chars");
    } finally {
      for (const [name, value] of [
        ["AUTH_SECRET", saved.auth],
        ["SIGNUP_CHALLENGE_SECRET", saved.own],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it("reads SIGNUP_CHALLENGE as hold, require or off, hold when unset, and wants a long SIGNUP_CHALLENGE_SECRET", () => {
    expect(parseEnv({}).SIGNUP_CHALLENGE).toBe("hold");
    expect(parseEnv({ SIGNUP_CHALLENGE: "" }).SIGNUP_CHALLENGE).toBe("hold");
    expect(parseEnv({ SIGNUP_CHALLENGE: "require" }).SIGNUP_CHALLENGE).toBe("require");
    expect(parseEnv({ SIGNUP_CHALLENGE: "off" }).SIGNUP_CHALLENGE).toBe("off");
    expect(() => parseEnv({ SIGNUP_CHALLENGE: "block" })).toThrow(/SIGNUP_CHALLENGE/);
    expect(() => parseEnv({ SIGNUP_CHALLENGE_SECRET: "short" })).toThrow(
      /SIGNUP_CHALLENGE_SECRET: must be at least 32/,
    );
  });
});
