import { FAKE_REPLY, startFakeOpenAI, type FakeOpenAI } from "@/e2e/support/fake-openai.mjs";
import { retryAfterSeconds, runConnectionTest } from "@/lib/ai/connection-test";

describe("retryAfterSeconds", () => {
  const headers = (init: Record<string, string>) => new Headers(init);

  it("reads seconds, milliseconds and HTTP dates, rounding up to at least 1 s", () => {
    expect(retryAfterSeconds(headers({ "retry-after": "7" }))).toBe(7);
    expect(retryAfterSeconds(headers({ "retry-after": "0.2" }))).toBe(1);
    expect(retryAfterSeconds(headers({ "retry-after-ms": "2500", "retry-after": "9" }))).toBe(3);
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(retryAfterSeconds(headers({ "retry-after": "Thu, 01 Jan 2026 00:00:30 GMT" }), now)).toBe(30);
  });

  it("is null when absent or unreadable, and capped at an hour", () => {
    expect(retryAfterSeconds(undefined)).toBeNull();
    expect(retryAfterSeconds(headers({}))).toBeNull();
    expect(retryAfterSeconds(headers({ "retry-after": "soon" }))).toBeNull();
    expect(retryAfterSeconds(headers({ "retry-after": "999999" }))).toBe(3600);
  });
});

describe("runConnectionTest", () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(() => fake.close());

  const config = (apiKey: string | undefined, baseURL = fake.url) => ({
    apiKey,
    baseURL,
    model: "m-1",
    timeoutMs: 2_000,
  });

  it("returns the reply on success", async () => {
    const outcome = await runConnectionTest(config("test-key"));
    expect(outcome).toEqual({
      ok: true,
      status: 200,
      body: { message: expect.stringContaining("m-1"), response: FAKE_REPLY },
    });
  });

  it("works with a base URL without /v1 (any OpenAI-compatible server)", async () => {
    fake.requests.length = 0;
    const outcome = await runConnectionTest(config("test-key", fake.url.replace(/\/v1$/, "")));
    expect(outcome.ok).toBe(true);
    expect(fake.requests[0]?.path).toBe("/chat/completions");
  });

  it("makes no call without a key", async () => {
    fake.requests.length = 0;
    const outcome = await runConnectionTest(config(undefined));
    expect(outcome).toMatchObject({ ok: false, status: 503, failure: "not_configured" });
    expect(fake.requests).toHaveLength(0);
  });
});
