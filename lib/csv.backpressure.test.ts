import http from "node:http";
import type { AddressInfo } from "node:net";
// What `next start` uses to send a route handler's streamed body: the test covers the CSV stream and
// Next's piping together, over a real socket.
import { pipeToNodeResponse } from "next/dist/server/pipe-readable";

import { createCsvStream } from "@/lib/csv";

const BATCHES = 1_000;
const ROWS_PER_BATCH = 64;
const ROW = ["x".repeat(1_000)];
// One record is the field in quotes plus CRLF.
const BATCH_BYTES = ROWS_PER_BATCH * (ROW[0]!.length + 4);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A source of 64 kB batches that counts how many the stream has taken. */
function countingSource() {
  let read = 0;
  async function* batches() {
    for (let index = 0; index < BATCHES; index++) {
      read++;
      yield Array.from({ length: ROWS_PER_BATCH }, () => ROW);
    }
  }
  return { batches: batches(), read: () => read };
}

describe("CSV export backpressure through Next's response piping", () => {
  let server: http.Server;
  let source: ReturnType<typeof countingSource>;
  let serverSocket: import("node:net").Socket | undefined;

  beforeEach(async () => {
    source = countingSource();
    server = http.createServer(async (_request, response) => {
      serverSocket = response.socket ?? undefined;
      const stream = await createCsvStream({ header: ["Name"], batches: source.batches, bom: false });
      await pipeToNodeResponse(stream, response);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  });

  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("stops reading batches while the client does not read, and sends everything once it does", async () => {
    const { port } = server.address() as AddressInfo;
    const response = await new Promise<http.IncomingMessage>((resolve) =>
      http.get(`http://127.0.0.1:${port}/`, resolve),
    );
    let received = 0;
    await new Promise<void>((resolve) =>
      response.once("data", (chunk: Buffer) => {
        received += chunk.length;
        // Stops reading the socket, as a slow client does: the buffers between the two fill up.
        response.pause();
        resolve();
      }),
    );

    // Wait until the server stops taking batches (the socket buffers are full), then watch a while.
    let read = source.read();
    for (let stable = 0; stable < 5;) {
      await sleep(50);
      stable = source.read() === read ? stable + 1 : 0;
      read = source.read();
    }
    await sleep(300);
    expect(source.read()).toBe(read);
    expect(read).toBeLessThan(BATCHES);
    // Taken from the source but not yet handed to the socket: the batch being sent and one read ahead
    // (plus a chunk in Node's own buffer), whatever the size of the socket buffers below.
    expect(read * BATCH_BYTES - serverSocket!.bytesWritten).toBeLessThanOrEqual(3 * BATCH_BYTES);

    response.on("data", (chunk: Buffer) => (received += chunk.length));
    const ended = new Promise((resolve) => response.on("end", resolve));
    response.resume();
    await ended;
    expect(source.read()).toBe(BATCHES);
    expect(received).toBe('"Name"\r\n'.length + BATCHES * BATCH_BYTES);
  });

  it("keeps a download paused for longer than the server's keep-alive timeout, and sends it whole", async () => {
    // The timer that closes idle kept-alive connections (5 s in `next start`, as in Node) must not cut off a
    // response a slow client has stopped reading. Shortened here; the rule is the same.
    server.keepAliveTimeout = 100;
    const { port } = server.address() as AddressInfo;
    const response = await new Promise<http.IncomingMessage>((resolve) =>
      http.get(`http://127.0.0.1:${port}/`, { agent: false }, resolve),
    );
    let received = 0;
    let closed = false;
    response.socket.on("close", () => (closed = true));
    await new Promise<void>((resolve) =>
      response.once("data", (chunk: Buffer) => {
        received += chunk.length;
        response.pause();
        resolve();
      }),
    );
    await sleep(500);
    expect(closed).toBe(false);

    response.on("data", (chunk: Buffer) => (received += chunk.length));
    // Closed either way: at the end, or cut off (then short of bytes, and with an "aborted" error).
    response.on("error", () => undefined);
    const closedNow = new Promise((resolve) => response.on("close", resolve));
    response.resume();
    await closedNow;
    expect(response.complete).toBe(true);
    expect(received).toBe('"Name"\r\n'.length + BATCHES * BATCH_BYTES);
  });
});
