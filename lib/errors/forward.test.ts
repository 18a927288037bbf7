import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { withSql } from "@/lib/db";
import { forwardError, parseDsn } from "@/lib/errors/forward";
import { recordError } from "@/lib/errors/record";
import { prepareTestDatabase, resetDatabase } from "@/test/db";
import { waitUntil } from "@/test/wait";

prepareTestDatabase();

// A stand-in for sentry.io or GlitchTip: a local HTTP server that speaks the envelope endpoint.
interface Received {
  url: string;
  auth: string;
  lines: unknown[];
}
let server: Server;
let received: Received[] = [];
let answer: "ok" | "never" = "ok";
let abandoned = 0;

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push({
        url: request.url!,
        auth: String(request.headers["x-sentry-auth"]),
        lines: body.split("\n").map((line) => JSON.parse(line) as unknown),
      });
      if (answer === "ok") response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    // The forwarder gave up on a server that never answers.
    response.on("close", () => {
      if (!response.writableEnded) abandoned += 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(async () => {
  received = [];
  answer = "ok";
  abandoned = 0;
  await resetDatabase();
});
afterEach(() => delete process.env.SENTRY_DSN);

const dsn = () => `http://publickey@127.0.0.1:${(server.address() as AddressInfo).port}/42`;

describe("forwarding to a Sentry-compatible tracker", () => {
  it("reads a DSN as its envelope address and key", () => {
    expect(parseDsn("https://abc123@o99.ingest.sentry.io/4501")).toEqual({
      envelopeUrl: "https://o99.ingest.sentry.io/api/4501/envelope/",
      publicKey: "abc123",
    });
    expect(parseDsn("https://glitch.example.com/sub/7")).toBeNull();
    expect(parseDsn("not a url")).toBeNull();
  });

  it("sends a recorded error, scrubbed and with our fingerprint, as an envelope", async () => {
    process.env.SENTRY_DSN = dsn();
    await recordError({
      kind: "server",
      name: "Error",
      message: "No entry for jo@example.com",
      stack: "Error: No entry\n    at confirm (/srv/app/lib/data/waitlist/line.ts:10:5)",
      route: "/api/waitlist/confirm",
      method: "POST",
    });
    expect(received).toHaveLength(1);
    const [{ url, auth, lines }] = received as [Received];
    expect(url).toBe("/api/42/envelope/");
    expect(auth).toContain("sentry_key=publickey");
    type SentEvent = {
      event_id: string;
      fingerprint: string[];
      exception: { values: { type: string; value: string; stacktrace: { frames: object[] } }[] };
    };
    const [header, item, event] = lines as [Record<string, unknown>, Record<string, unknown>, SentEvent];
    expect(item).toEqual({ type: "event" });
    expect(header.event_id).toBe(event.event_id);
    expect(event.exception.values[0]!).toMatchObject({ type: "Error", value: "No entry for [email]" });
    expect(event.exception.values[0]!.stacktrace.frames[0]).toMatchObject({ function: "confirm", lineno: 10 });
    expect(event.fingerprint).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/)]);
    expect(JSON.stringify(lines)).not.toContain("jo@example.com");
  });

  it("gives up on a tracker that never answers, and the error is still recorded", async () => {
    answer = "never";
    process.env.SENTRY_DSN = dsn();
    const facts = { kind: "server", name: "Error", message: "slow", route: "/", method: "GET" } as const;
    await expect(
      forwardError(dsn(), facts, { fingerprint: "f", release: "v1", environment: "test", now: new Date() }),
    ).resolves.toBe(false);
    await recordError(facts);
    const groups = await withSql((sql) => sql.query<{ count: number }>(`SELECT "count" FROM "error_events"`));
    expect(groups).toEqual([{ count: 1 }]);
    // The tracker saw both requests dropped by the forwarder, not answered.
    await waitUntil(() => abandoned === 2, "the forwarder to hang up");
  });
});
