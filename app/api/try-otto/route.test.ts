import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";

import { GET, POST } from "@/app/api/try-otto/route";
import { TRY_OTTO_FALLBACK_NOTICES } from "@/content/demo/try-otto";
import {
  FAKE_BAD_CARD_REPLY,
  FAKE_QUOTE,
  FAKE_QUOTE_REPLY,
  FAKE_SCRIPT_REPLY,
  startFakeOpenAI,
  TRY_OTTO_MARKERS,
  type FakeOpenAI,
} from "@/e2e/support/fake-openai.mjs";
import { newChallenge } from "@/lib/challenge/altcha";
import { tryOttoDay } from "@/lib/data/try-otto";
import { getDb } from "@/lib/db";
import { answerTryOtto } from "@/lib/try-otto/answer";
import { readTryOttoConfig } from "@/lib/try-otto/config";
import type { TryOttoEvent } from "@/lib/try-otto/events";
import { OFF_TOPIC_REPLY } from "@/lib/try-otto/prompt";
import { TRY_OTTO_MAX_CHARS, tryOttoRequestSchema } from "@/lib/validation/try-otto";
import { prepareTestDatabase, resetDatabase } from "@/test/db";
import { awayFromWindowEdge } from "@/test/rate-limit-window";

prepareTestDatabase();

const URL_ = "http://localhost/api/try-otto";
const BOILER = "quote for a boiler service for Mrs Patel, £95";
let fake: FakeOpenAI;
let ipCounter = 0;
const saved = { ...process.env };

function uniqueIp() {
  ipCounter += 1;
  return `203.0.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

/** A proof of work solved the way the page solves it (an easy one: these tests are about the gates). */
async function proof(): Promise<string> {
  const challenge = await newChallenge({ maxCounter: 50 });
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

async function ask(
  body: Record<string, unknown>,
  options: { ip?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; events: TryOttoEvent[]; json?: Record<string, unknown> }> {
  const response = await POST(
    new Request(URL_, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": options.ip ?? uniqueIp(), ...options.headers },
      body: JSON.stringify(body),
    }),
    undefined,
  );
  const text = await response.text();
  if (!response.headers.get("content-type")?.includes("ndjson"))
    return { status: response.status, events: [], json: JSON.parse(text) };
  return {
    status: response.status,
    events: text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as TryOttoEvent),
  };
}

const finalOf = (events: TryOttoEvent[]) =>
  events.find((event) => event.type === "final") as Extract<TryOttoEvent, { type: "final" }>;
const doneOf = (events: TryOttoEvent[]) => events.at(-1) as Extract<TryOttoEvent, { type: "done" }>;
const streamedText = (events: TryOttoEvent[]) =>
  events.map((event) => (event.type === "text" ? event.text : "")).join("");

async function today() {
  return getDb().tryOttoDay.findUnique({ where: { day: new Date(`${tryOttoDay()}T00:00:00Z`) } });
}

beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(async () => {
  await fake.close();
  process.env = saved;
});
beforeEach(async () => {
  await resetDatabase();
  process.env.OPENAI_API_KEY = "test-key";
  process.env.OPENAI_BASE_URL = fake.url;
  delete process.env.OPENAI_MODEL;
  delete process.env.TRY_OTTO;
  delete process.env.TRY_OTTO_DAILY_BUDGET_USD;
});

describe(`the live demo's route (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("streams the model's reply, then its quote card, and keeps only the day's sums", async () => {
    const calls = fake.tryOttoCalls();
    const { status, events } = await ask({ message: BOILER, altcha: await proof() });
    expect(status).toBe(200);
    expect(streamedText(events)).toBe(FAKE_QUOTE_REPLY);
    const final = finalOf(events);
    expect(final.notice).toBeUndefined();
    expect(final.reply).toBe(FAKE_QUOTE_REPLY);
    expect(final.card).toMatchObject({
      slot: "document",
      document: { type: "quote", quote: { customerName: "Mrs Patel", total: 95, items: FAKE_QUOTE.items } },
    });
    expect(doneOf(events)).toMatchObject({ type: "done", turnsLeft: 2, conversation: expect.any(String) });
    expect(fake.tryOttoCalls()).toBe(calls + 1);

    const request = fake.requests.at(-1)!.body;
    expect(request.response_format.json_schema.strict).toBe(true);
    expect(request.messages[0].role).toBe("system");
    expect(request.tools).toBeUndefined();

    const row = await today();
    expect(row).toMatchObject({ conversations: 1, calls: 1, cardsQuote: 1, reservedNanos: BigInt(0) });
    expect(Number(row!.spentNanos)).toBeGreaterThan(0);
    expect(Number(row!.inputTokens)).toBeGreaterThan(0);
    // Nothing the visitor typed is kept anywhere.
    const dump = JSON.stringify(await getDb().$queryRawUnsafe(`SELECT * FROM "try_otto_days"`), (_, v) =>
      typeof v === "bigint" ? String(v) : v,
    );
    expect(dump).not.toContain("Patel");
  });

  it("answers without calling the model when the proof of work is missing, wrong or used twice", async () => {
    const calls = fake.tryOttoCalls();
    const missing = await ask({ message: BOILER });
    expect(finalOf(missing.events).notice).toBe(TRY_OTTO_FALLBACK_NOTICES.proof);
    // The scripted demo's closest answer: a quote for a quote.
    expect(finalOf(missing.events).card).toMatchObject({ slot: "document", document: { type: "quote" } });
    const used = await proof();
    await ask({ message: BOILER, altcha: used });
    const replayed = await ask({ message: BOILER, altcha: used });
    expect(finalOf(replayed.events).notice).toBe(TRY_OTTO_FALLBACK_NOTICES.proof);
    expect(fake.tryOttoCalls()).toBe(calls + 1);
    expect(await today()).toMatchObject({ refusedProof: 2, calls: 1 });
  });

  it("gives a network three conversations a day, the fourth the scripted answer without a call", async () => {
    await awayFromWindowEdge(86_400_000, 20_000);
    const ip = "2001:db8:1:2::10";
    for (let i = 0; i < 3; i += 1) {
      // Any address of the same /64 is the same network.
      const { events } = await ask({ message: BOILER, altcha: await proof() }, { ip: `2001:db8:1:2::${i + 1}` });
      expect(finalOf(events).notice).toBeUndefined();
    }
    const calls = fake.tryOttoCalls();
    const fourth = await ask({ message: BOILER, altcha: await proof() }, { ip });
    expect(finalOf(fourth.events).notice).toBe(TRY_OTTO_FALLBACK_NOTICES.network);
    expect(doneOf(fourth.events)).toMatchObject({ conversation: null, turnsLeft: 0 });
    expect(fake.tryOttoCalls()).toBe(calls);
    expect(await today()).toMatchObject({ refusedNetwork: 1, conversations: 3 });
    // Another network still gets a live answer.
    const other = await ask({ message: BOILER, altcha: await proof() }, { ip: "2001:db8:1:3::1" });
    expect(finalOf(other.events).notice).toBeUndefined();
  });

  it("carries a conversation over three turns with its ticket, each ticket accepted once", async () => {
    const ip = uniqueIp();
    const first = await ask({ message: BOILER, altcha: await proof() }, { ip });
    const ticket = doneOf(first.events).conversation!;
    const history = [{ ask: BOILER, reply: FAKE_QUOTE_REPLY }];
    const second = await ask({ message: "make it £110", history, conversation: ticket, altcha: await proof() }, { ip });
    expect(finalOf(second.events).notice).toBeUndefined();
    expect(doneOf(second.events).turnsLeft).toBe(1);
    const again = await ask({ message: "make it £110", history, conversation: ticket, altcha: await proof() }, { ip });
    expect(finalOf(again.events).notice).toBe(TRY_OTTO_FALLBACK_NOTICES.turns);
    const third = await ask(
      {
        message: "thanks",
        history: [...history, { ask: "make it £110", reply: FAKE_QUOTE_REPLY }],
        conversation: doneOf(second.events).conversation,
        altcha: await proof(),
      },
      { ip },
    );
    expect(finalOf(third.events).notice).toBeUndefined();
    expect(doneOf(third.events)).toEqual({ type: "done", conversation: null, turnsLeft: 0 });
    // A follow-up does not count as a new conversation against the network.
    expect(await today()).toMatchObject({ conversations: 1, calls: 3 });
  });

  it("gives the scripted answer, and calls nothing, once the day's budget is spent", async () => {
    process.env.TRY_OTTO_DAILY_BUDGET_USD = "0.0001";
    const calls = fake.tryOttoCalls();
    const { events } = await ask({ message: BOILER, altcha: await proof() });
    expect(finalOf(events).notice).toBe(TRY_OTTO_FALLBACK_NOTICES.budget);
    expect(fake.tryOttoCalls()).toBe(calls);
    expect(await today()).toMatchObject({ refusedBudget: 1, calls: 0, spentNanos: BigInt(0) });
  });

  it.each([
    [TRY_OTTO_MARKERS.serverError, TRY_OTTO_FALLBACK_NOTICES.failed],
    [TRY_OTTO_MARKERS.invalidJson, TRY_OTTO_FALLBACK_NOTICES.failed],
  ])("gives the scripted answer when the provider answers %s", async (marker, notice) => {
    const { status, events } = await ask({ message: `invoice ${marker}`, altcha: await proof() });
    expect(status).toBe(200);
    expect(finalOf(events)).toMatchObject({ notice, card: { slot: "card", card: { type: "invoices" } } });
    const row = await today();
    expect(row).toMatchObject({ failedCalls: 1, reservedNanos: BigInt(0) });
  });

  it("keeps the reply and drops a card that breaks its schema", async () => {
    const { events } = await ask({ message: `quote ${TRY_OTTO_MARKERS.badCard}`, altcha: await proof() });
    expect(finalOf(events)).toEqual({ type: "final", reply: FAKE_BAD_CARD_REPLY, card: null });
  });

  it("passes a reply carrying markup on as text, for the page to show as text", async () => {
    const { events } = await ask({ message: `hello ${TRY_OTTO_MARKERS.script}`, altcha: await proof() });
    expect(finalOf(events).reply).toBe(FAKE_SCRIPT_REPLY);
  });

  it("answers anything off-topic with the fixed polite answer, never the model's words", async () => {
    const { events } = await ask({ message: `capital of France? ${TRY_OTTO_MARKERS.offTopic}`, altcha: await proof() });
    expect(streamedText(events)).toBe("");
    expect(finalOf(events)).toEqual({ type: "final", reply: OFF_TOPIC_REPLY, card: null });
    expect(await today()).toMatchObject({ offTopic: 1 });
  });

  it("gives the scripted answer when the model passes its deadline, and settles the call at its reservation", async () => {
    const config = { ...readTryOttoConfig()!, timeoutMs: 300 };
    const events: TryOttoEvent[] = [];
    await answerTryOtto({
      config,
      request: tryOttoRequestSchema.parse({ message: `booking ${TRY_OTTO_MARKERS.timeout}`, altcha: await proof() }),
      ip: uniqueIp(),
      emit: (event) => events.push(event),
    });
    expect(finalOf(events)).toMatchObject({
      notice: TRY_OTTO_FALLBACK_NOTICES.timeout,
      card: { card: { type: "booking" } },
    });
    const row = await today();
    expect(row).toMatchObject({ failedCalls: 1, reservedNanos: BigInt(0) });
    expect(Number(row!.spentNanos)).toBeGreaterThan(0);
  });

  it("refuses bad input with a 400 and field errors, and cross-site requests with a 403", async () => {
    const long = await ask({ message: "x".repeat(TRY_OTTO_MAX_CHARS + 1) });
    expect(long.status).toBe(400);
    expect(long.json).toMatchObject({ message: expect.any(String), errors: { message: expect.any(Array) } });
    const turns = Array.from({ length: 3 }, () => ({ ask: "hi", reply: "hello" }));
    expect((await ask({ message: "hi", history: turns })).status).toBe(400);
    const crossSite = await ask({ message: "hi" }, { headers: { "sec-fetch-site": "cross-site" } });
    expect(crossSite.status).toBe(403);
  });

  it("is absent without a key, with TRY_OTTO=off, or when the owner switched it off", async () => {
    const enabled = async () => (await (await GET(new Request(URL_), undefined)).json()).enabled;
    expect(await enabled()).toBe(true);
    delete process.env.OPENAI_API_KEY;
    expect(await enabled()).toBe(false);
    expect((await ask({ message: BOILER })).status).toBe(404);
    process.env.OPENAI_API_KEY = "test-key";
    process.env.TRY_OTTO = "off";
    expect(await enabled()).toBe(false);
    delete process.env.TRY_OTTO;
    await getDb().siteSettings.upsert({
      where: { id: 1 },
      create: { tryOttoEnabled: false },
      update: { tryOttoEnabled: false },
    });
    expect(await enabled()).toBe(false);
    const calls = fake.tryOttoCalls();
    const { events } = await ask({ message: BOILER, altcha: await proof() });
    expect(finalOf(events).notice).toBe(TRY_OTTO_FALLBACK_NOTICES.off);
    expect(fake.tryOttoCalls()).toBe(calls);
  });
});
