import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { ApiError, apiRequest, getQueryFn, isDatabaseUnavailable, loggablePayload, serverMessage } from "@/lib/api";

// A real HTTP server that records what it receives and answers per path.
let server: Server;
let base = "";
const seen: { method?: string; contentType?: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      seen.push({ method: req.method, contentType: req.headers["content-type"], body });
      const path = req.url ?? "/";
      if (path === "/ok") return void res.writeHead(200, { "content-type": "application/json" }).end('{"count":3}');
      if (path === "/json-error")
        return void res
          .writeHead(409, { "content-type": "application/json" })
          .end('{"message":"Email already in use"}');
      if (path === "/empty-error") return void res.writeHead(404).end();
      if (path === "/unauthorized") return void res.writeHead(401).end('{"message":"no"}');
      res.writeHead(500).end("boom");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => (seen.length = 0));

describe("apiRequest", () => {
  it("sends JSON only when a payload is given", async () => {
    await apiRequest("POST", `${base}/ok`, { a: 1 });
    await apiRequest("POST", `${base}/ok`);
    expect(seen[0]).toEqual({ method: "POST", contentType: "application/json", body: '{"a":1}' });
    expect(seen[1]).toEqual({ method: "POST", contentType: undefined, body: "" });
  });

  it("turns a failure into '<status>: <body>'", async () => {
    await expect(apiRequest("POST", `${base}/json-error`, {})).rejects.toThrow(
      '409: {"message":"Email already in use"}',
    );
    await expect(apiRequest("GET", `${base}/boom`)).rejects.toThrow("500: boom");
  });

  it("uses the status text when the body is empty", async () => {
    await expect(apiRequest("GET", `${base}/empty-error`)).rejects.toThrow("404: Not Found");
  });

  it("exposes the server's message", async () => {
    const error = await apiRequest("POST", `${base}/json-error`, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(serverMessage(error)).toBe("Email already in use");
    expect(serverMessage(new Error("x"))).toBeNull();
  });
});

describe("getQueryFn", () => {
  const context = (url: string) =>
    ({ queryKey: [url], signal: new AbortController().signal, meta: undefined }) as never;

  it("GETs the first key element and parses JSON", async () => {
    await expect(getQueryFn({ on401: "throw" })(context(`${base}/ok`))).resolves.toEqual({ count: 3 });
    expect(seen[0]?.method).toBe("GET");
  });

  it("returns null on 401 when asked to, and throws by default", async () => {
    await expect(getQueryFn({ on401: "returnNull" })(context(`${base}/unauthorized`))).resolves.toBeNull();
    await expect(getQueryFn({ on401: "throw" })(context(`${base}/unauthorized`))).rejects.toThrow(
      '401: {"message":"no"}',
    );
  });
});

describe("isDatabaseUnavailable", () => {
  it("knows the database outage by our 503 and its code", () => {
    const body = (extra: object) => JSON.stringify({ message: "Service unavailable.", ...extra });
    expect(isDatabaseUnavailable(new ApiError(503, body({ code: "database_unavailable" }), ""))).toBe(true);
    expect(isDatabaseUnavailable(new ApiError(503, body({}), ""))).toBe(false);
    expect(isDatabaseUnavailable(new ApiError(500, body({ code: "something_else" }), ""))).toBe(false);
  });

  it("knows it too by a server message that mentions a database connection failure, with or without the code", () => {
    const message = (text: string, status = 503) => new ApiError(status, JSON.stringify({ message: text }), "");
    expect(isDatabaseUnavailable(message("Database connection failed. Please try again in a few minutes."))).toBe(true);
    expect(isDatabaseUnavailable(message("Could not connect to the database", 500))).toBe(true);
    expect(isDatabaseUnavailable(new ApiError(502, "Database connection refused", ""))).toBe(true);
    expect(isDatabaseUnavailable(message("That email is already on the list.", 409))).toBe(false);
    expect(isDatabaseUnavailable(message("Connection reset. Please try again."))).toBe(false);
    expect(isDatabaseUnavailable(new ApiError(503, "<html>Database connection error</html>", ""))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Failed to fetch"))).toBe(false);
  });
});

describe("credentials and logging", () => {
  it("sends cookies with every request: apiRequest and the default query", async () => {
    const realFetch = globalThis.fetch;
    const calls: RequestInit[] = [];
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(init ?? {});
      return realFetch(input, init);
    }) as typeof fetch;
    try {
      await apiRequest("POST", `${base}/ok`, { a: 1 });
      await apiRequest("GET", `${base}/ok`);
      await getQueryFn({ on401: "throw" })({ queryKey: [`${base}/ok`], signal: new AbortController().signal } as never);
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(calls).toHaveLength(3);
    for (const init of calls) expect(init.credentials).toBe("include");
  });

  it("never logs a password: payload keys naming one are masked", () => {
    expect(loggablePayload({ email: "ada@example.com", password: "hunter2hunter2", confirmPassword: "x" })).toEqual({
      email: "ada@example.com",
      password: "********",
      confirmPassword: "********",
    });
    expect(loggablePayload(undefined)).toBeUndefined();
    expect(loggablePayload({ isActive: false })).toEqual({ isActive: false });
  });
});
