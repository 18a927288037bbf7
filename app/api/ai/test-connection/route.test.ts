import { randomUUID } from "node:crypto";
import net from "node:net";

import { GET, POST } from "@/app/api/ai/test-connection/route";
import { FAKE_REPLY, startFakeOpenAI, type FakeOpenAI } from "@/e2e/support/fake-openai.mjs";
import { CONNECTION_TEST_MAX_TOKENS } from "@/lib/ai/connection-test";
import { CONNECTION_TEST_LIMIT_GLOBAL, CONNECTION_TEST_LIMIT_PER_CLIENT } from "@/lib/ai/rate-limits";
import { prepareTestDatabase, resetDatabase } from "@/test/db";
import { awayFromWindowEdge } from "@/test/rate-limit-window";

prepareTestDatabase();

const URL_ = "http://localhost/api/ai/test-connection";
let fake: FakeOpenAI;
let ipCounter = 0;
const consoleCalls: unknown[][] = [];
// Every key a test sets, so the last test can check none of them ever reached a log.
const keysUsed = new Set<string>();
const savedEnv = { ...process.env };

function uniqueIp() {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

function configure(vars: { key?: string; baseURL?: string; model?: string; timeoutMs?: number }) {
  if (vars.key === undefined) delete process.env.OPENAI_API_KEY;
  else {
    process.env.OPENAI_API_KEY = vars.key;
    keysUsed.add(vars.key);
  }
  process.env.OPENAI_BASE_URL = vars.baseURL ?? fake.url;
  if (vars.model) process.env.OPENAI_MODEL = vars.model;
  else delete process.env.OPENAI_MODEL;
  if (vars.timeoutMs) process.env.OPENAI_TIMEOUT_MS = String(vars.timeoutMs);
  else delete process.env.OPENAI_TIMEOUT_MS;
}

function post(options: { ip?: string; headers?: Record<string, string>; body?: string } = {}) {
  return POST(
    new Request(URL_, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": options.ip ?? uniqueIp(), ...options.headers },
      body: options.body,
    }),
    undefined,
  );
}

async function read(response: Response) {
  const text = await response.text();
  return { text, body: JSON.parse(text) as Record<string, unknown> };
}

/** What the route wrote to the console since call number `from`, as one text. */
function loggedSince(from: number): string {
  return consoleCalls
    .slice(from)
    .map((args) => args.map(String).join(" "))
    .join("\n");
}

function expectNoKey(text: string, key: string) {
  expect(text).not.toContain(key);
}

// Rate limits count in fixed one-minute windows: start a counting test well inside one, not at its edge.
const insideOneWindow = () => awayFromWindowEdge(60_000, 5_000);

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  fake = await startFakeOpenAI();
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      consoleCalls.push(args);
    });
  }
});

afterAll(async () => {
  jest.restoreAllMocks();
  process.env = savedEnv;
  await fake.close();
});

beforeEach(async () => {
  await resetDatabase();
  fake.requests.length = 0;
});

describe("POST /api/ai/test-connection", () => {
  it("answers 200 with the model's reply when the provider accepts the key", async () => {
    const key = `test-key-${randomUUID()}`;
    configure({ key, model: "tiny-model-1" });

    const response = await post();
    const { text, body } = await read(response);

    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(body).toEqual({ message: expect.stringContaining("tiny-model-1"), response: FAKE_REPLY });
    expectNoKey(text, key);

    // One call, with the configured model, a one-line request and a small token limit.
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent.path).toBe("/v1/chat/completions");
    expect(sent.authorization).toBe(`Bearer ${key}`);
    expect(sent.body.model).toBe("tiny-model-1");
    expect(sent.body.messages).toEqual([{ role: "user", content: expect.stringMatching(/one short sentence/i) }]);
    expect(sent.body.max_completion_tokens).toBe(CONNECTION_TEST_MAX_TOKENS);
    expect(CONNECTION_TEST_MAX_TOKENS).toBeLessThanOrEqual(64);
  });

  it("uses gpt-4o-mini when OPENAI_MODEL is not set, and accepts an empty JSON object as the body", async () => {
    configure({ key: "test-key" });
    const response = await post({ body: "{}" });
    expect(response.status).toBe(200);
    expect(fake.requests[0]?.body.model).toBe("gpt-4o-mini");
  });

  it("answers 502 when the provider rejects the key, and never echoes the key", async () => {
    const key = `sk-proj-secret-${randomUUID()}`;
    configure({ key });

    const response = await post();
    const { text, body } = await read(response);

    expect(response.status).toBe(502);
    expect(body.message).toBe("The AI provider rejected the API key");
    expect(body.error).toEqual(expect.stringContaining("Incorrect API key provided: [redacted]"));
    // The setting to check goes to the server log, not to the public page.
    expect(text).not.toContain("OPENAI_");
    expect(loggedSince(0)).toContain("Check the value of OPENAI_API_KEY.");
    expectNoKey(text, key);
    expectNoKey(text, "sk-proj");
    expect(fake.requests).toHaveLength(1);
  });

  it("answers 503 with the provider's Retry-After when the provider rate limits us", async () => {
    configure({ key: "rate-limited-key" });

    const response = await post();
    const { text, body } = await read(response);

    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("7");
    expect(body.message).toBe("The AI provider is rate limiting requests");
    expect(body.error).toEqual(expect.stringContaining("Rate limit reached"));
    expectNoKey(text, "rate-limited-key");
    // One attempt only: the SDK's retries are off, so a press of the button is one paid call at most.
    expect(fake.requests).toHaveLength(1);
  });

  it("tells an exhausted quota apart from a rate limit", async () => {
    configure({ key: "quota-key" });
    const response = await post();
    const { body } = await read(response);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBeNull();
    expect(body.message).toBe("The AI provider account has run out of quota");
  });

  it("answers 502 when the provider has an internal error", async () => {
    configure({ key: "server-error-key" });
    const response = await post();
    const { body } = await read(response);
    expect(response.status).toBe(502);
    expect(body.message).toBe("The AI provider had an internal error");
    expect(fake.requests).toHaveLength(1);
  });

  it("answers 504 within the configured timeout when the provider never answers", async () => {
    configure({ key: "hang-key", timeoutMs: 700 });

    const started = Date.now();
    const response = await post();
    const elapsed = Date.now() - started;
    const { text, body } = await read(response);

    expect(response.status).toBe(504);
    expect(body.message).toBe("The AI provider did not answer in time");
    expect(body.error).toEqual(expect.stringContaining("0.7 seconds"));
    expect(elapsed).toBeGreaterThanOrEqual(650);
    expect(elapsed).toBeLessThan(3_000);
    expectNoKey(text, "hang-key");
  });

  it("answers 502 when the provider cannot be reached", async () => {
    configure({ key: "test-key", baseURL: `http://127.0.0.1:${await closedPort()}/v1` });
    const response = await post();
    const { body } = await read(response);
    expect(response.status).toBe(502);
    expect(body.message).toBe("Could not reach the AI provider");
    expect(JSON.stringify(body)).not.toContain("OPENAI_");
    expect(loggedSince(0)).toContain("Check OPENAI_BASE_URL");
  });

  it("answers 503 without any outbound call when no key is set, naming OPENAI_API_KEY only in the server log, once", async () => {
    configure({});
    const before = consoleCalls.length;
    const response = await post();
    const { text, body } = await read(response);
    expect(response.status).toBe(503);
    expect(body.message).toBe("The AI provider is not configured");
    expect(body.error).toEqual(expect.stringContaining("server log"));
    expect(text).not.toContain("OPENAI_");
    expect(fake.requests).toHaveLength(0);
    expect(loggedSince(before)).toContain("Set the OPENAI_API_KEY environment variable on the server");

    process.env.OPENAI_API_KEY = "   ";
    const again = await post();
    expect(again.status).toBe(503);
    expect(await again.text()).not.toContain("OPENAI_");
    expect(fake.requests).toHaveLength(0);
    // Said once per server process, not at every press of the button.
    expect(loggedSince(before).split("OPENAI_API_KEY environment variable")).toHaveLength(2);
  });

  it("limits each client to a few tests a minute, with 429 and Retry-After beyond that", async () => {
    configure({ key: "test-key" });
    await insideOneWindow();
    const ip = "203.0.113.7";
    for (let i = 0; i < CONNECTION_TEST_LIMIT_PER_CLIENT; i += 1) {
      expect((await post({ ip })).status).toBe(200);
    }

    const refused = await post({ ip });
    const { body } = await read(refused);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(body).toEqual({
      message: "Too many connection tests",
      error: expect.stringContaining(`${retryAfter} seconds`),
    });
    // Refused requests never reach the provider.
    expect(fake.requests).toHaveLength(CONNECTION_TEST_LIMIT_PER_CLIENT);

    // Another client is not affected.
    expect((await post({ ip: "203.0.113.8" })).status).toBe(200);
  });

  it("caps tests across all clients with a global limit", async () => {
    configure({ key: "test-key" });
    await insideOneWindow();
    for (let i = 0; i < CONNECTION_TEST_LIMIT_GLOBAL; i += 1) {
      expect((await post()).status).toBe(200);
    }
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(fake.requests).toHaveLength(CONNECTION_TEST_LIMIT_GLOBAL);
  });

  it("does not let a client over its own limit use up the global budget", async () => {
    configure({ key: "test-key" });
    await insideOneWindow();
    const ip = "203.0.113.9";
    for (let i = 0; i < CONNECTION_TEST_LIMIT_GLOBAL + 5; i += 1) await post({ ip });
    expect(fake.requests).toHaveLength(CONNECTION_TEST_LIMIT_PER_CLIENT);
    expect((await post({ ip: "203.0.113.10" })).status).toBe(200);
  });

  it("refuses cross-site requests and other content types before calling the provider", async () => {
    configure({ key: "test-key" });

    const crossSite = await post({ headers: { "sec-fetch-site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    const foreignOrigin = await post({ headers: { origin: "https://evil.example" } });
    expect(foreignOrigin.status).toBe(403);
    const sameOrigin = await post({ headers: { origin: "http://localhost", "sec-fetch-site": "same-origin" } });
    expect(sameOrigin.status).toBe(200);

    const formPost = await post({ headers: { "content-type": "text/plain" }, body: "{}" });
    expect(formPost.status).toBe(415);
    expect((await read(formPost)).body.message).toEqual(expect.stringContaining("application/json"));

    expect(fake.requests).toHaveLength(1);
  });

  it("answers 405 to other methods", async () => {
    const response = GET();
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });

  it("never wrote a key to the console", () => {
    // Failures are logged (the provider cases above produced some), but without the key.
    expect(consoleCalls.length).toBeGreaterThan(0);
    const logged = consoleCalls
      .map((args) => args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : String(a))).join(" "))
      .join("\n");
    for (const key of keysUsed) expect(logged).not.toContain(key);
    expect(logged).not.toContain("sk-proj");
  });
});
