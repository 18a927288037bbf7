import { z } from "zod";

import { parseEnv } from "@/lib/env";
import {
  clientIp,
  HttpError,
  json,
  NOT_JSON_MESSAGE,
  PEER_ADDRESS_HEADER,
  readJson,
  readQuery,
  route,
  SMALL_JSON_BYTES,
} from "@/lib/http";

function withHeaders(headers: Record<string, string>) {
  return new Request("http://localhost/api/waitlist", { headers });
}

describe("clientIp", () => {
  const direct = { hops: 0, vercel: false };
  const behindOneProxy = { hops: 1, vercel: false };
  const peer = (address: string) => ({ [PEER_ADDRESS_HEADER]: address });

  it("trusts no forwarding header by default: a server reached directly goes by the connection's own address", () => {
    expect(parseEnv({}).TRUSTED_PROXY_HOPS).toBe(0);
    const spoofs: Record<string, string>[] = [
      {},
      { "x-forwarded-for": "1.2.3.4" },
      { "x-forwarded-for": "5.6.7.8, 9.9.9.9" },
      { "x-real-ip": "6.6.6.6" },
      { "x-forwarded-for": "," },
    ];
    const seen = spoofs.map((headers) => clientIp(withHeaders({ ...headers, ...peer("203.0.113.7") }), direct));
    expect(new Set(seen)).toEqual(new Set(["203.0.113.7"]));
  });

  it("knows no address at all, rather than a forged one, when neither the peer nor a trusted proxy says", () => {
    expect(clientIp(withHeaders({ "x-forwarded-for": "1.2.3.4", "x-real-ip": "5.6.7.8" }), direct)).toBeNull();
    expect(clientIp(withHeaders({}), behindOneProxy)).toBeNull();
    expect(clientIp(withHeaders({ "x-forwarded-for": " , ", "x-real-ip": "203.0.113.9" }), behindOneProxy)).toBeNull();
  });

  it("behind one proxy takes the entry it appended, whatever the client put before it", () => {
    const addresses = ["", "1.2.3.4, ", "5.6.7.8, 9.9.9.9, ", "not-an-ip, ", ", , "].map((spoofed) =>
      clientIp(withHeaders({ "x-forwarded-for": `${spoofed}203.0.113.7`, ...peer("10.0.0.2") }), behindOneProxy),
    );
    expect(new Set(addresses)).toEqual(new Set(["203.0.113.7"]));
    // Without the peer header (a request that did not pass through our server), the same entry.
    expect(clientIp(withHeaders({ "x-forwarded-for": "1.1.1.1,2.2.2.2 ,  203.0.113.7 " }), behindOneProxy)).toBe(
      "203.0.113.7",
    );
  });

  it("steps back as many hops as TRUSTED_PROXY_HOPS says (e.g. a CDN in front of nginx)", () => {
    const twoHops = { hops: 2, vercel: false };
    expect(
      clientIp(withHeaders({ "x-forwarded-for": "6.6.6.6, 203.0.113.7, 198.51.100.1", ...peer("10.0.0.2") }), twoHops),
    ).toBe("203.0.113.7");
    expect(clientIp(withHeaders({ "x-forwarded-for": "6.6.6.6, 203.0.113.7, 198.51.100.1" }), twoHops)).toBe(
      "203.0.113.7",
    );
    // Fewer entries than hops: the leftmost one is still the closest thing to the client.
    expect(
      clientIp(withHeaders({ "x-forwarded-for": "203.0.113.7", ...peer("10.0.0.2") }), { hops: 3, vercel: false }),
    ).toBe("203.0.113.7");
  });

  it("on Vercel takes Vercel's own header, which its edge sets, and ignores X-Forwarded-For", () => {
    const vercel = { hops: 0, vercel: true };
    expect(
      clientIp(withHeaders({ "x-vercel-forwarded-for": "203.0.113.7", "x-forwarded-for": "1.2.3.4" }), vercel),
    ).toBe("203.0.113.7");
    expect(clientIp(withHeaders({ "x-real-ip": "203.0.113.8", "x-forwarded-for": "1.2.3.4" }), vercel)).toBe(
      "203.0.113.8",
    );
    expect(clientIp(withHeaders({ "x-forwarded-for": "1.2.3.4" }), vercel)).toBeNull();
  });

  it("reads TRUSTED_PROXY_HOPS and VERCEL from the environment", () => {
    process.env.TRUSTED_PROXY_HOPS = "0";
    expect(clientIp(withHeaders({ "x-forwarded-for": "1.2.3.4" }))).toBeNull();
    process.env.TRUSTED_PROXY_HOPS = "1";
    expect(clientIp(withHeaders({ "x-forwarded-for": "1.2.3.4" }))).toBe("1.2.3.4");
    // A Vercel deployment always has its database's URL (the environment requires it there).
    Object.assign(process.env, { VERCEL: "1", DATABASE_URL: "postgresql://u:p@db.example.com:5432/otto" });
    expect(clientIp(withHeaders({ "x-forwarded-for": "1.2.3.4", "x-vercel-forwarded-for": "203.0.113.1" }))).toBe(
      "203.0.113.1",
    );
  });

  const saved = {
    hops: process.env.TRUSTED_PROXY_HOPS,
    vercel: process.env.VERCEL,
    database: process.env.DATABASE_URL,
  };
  afterEach(() => {
    for (const [name, value] of [
      ["TRUSTED_PROXY_HOPS", saved.hops],
      ["VERCEL", saved.vercel],
      ["DATABASE_URL", saved.database],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
});

describe("readJson", () => {
  const body = (headers: Record<string, string>, text: string) =>
    readJson(new Request("http://localhost/api/waitlist", { method: "POST", headers, body: text }));
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error as HttpError,
    );

  it("reads a body declared as JSON, including a +json type and a charset", async () => {
    expect(await body({ "content-type": "application/json" }, '{"a":1}')).toEqual({ a: 1 });
    expect(await body({ "content-type": "application/json; charset=utf-8" }, "[1]")).toEqual([1]);
    expect(await body({ "content-type": "application/merge-patch+json" }, "true")).toBe(true);
  });

  it("refuses a body not declared as JSON with 400 and a message naming the header (not 415)", async () => {
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/jsonp",
      "",
    ]) {
      const error = await refusal(body({ "content-type": type }, '{"a":1}'));
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status: 400, message: NOT_JSON_MESSAGE });
    }
    expect(NOT_JSON_MESSAGE).toContain("Content-Type: application/json");
  });

  it("answers 400 to an empty body or broken JSON, and 413 to one over the limit", async () => {
    expect(await refusal(body({ "content-type": "application/json" }, " "))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/empty/),
    });
    expect(await refusal(body({ "content-type": "application/json" }, "{nope"))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/not valid JSON/),
    });
    const big = JSON.stringify({ pad: "x".repeat(11_000) });
    expect(await refusal(body({ "content-type": "application/json" }, big))).toMatchObject({ status: 413 });
  });
});

describe("json", () => {
  it("marks a small answer no-transform, so the server does not gzip it, and leaves a large one to be compressed", async () => {
    const small = json({ message: "Thanks" }, { status: 201 });
    expect(small.status).toBe(201);
    expect(small.headers.get("content-type")).toBe("application/json");
    expect(small.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(await small.json()).toEqual({ message: "Thanks" });

    const cached = json({ count: 3 }, { headers: { "Cache-Control": "public, s-maxage=10" } });
    expect(cached.headers.get("cache-control")).toBe("public, s-maxage=10, no-transform");

    const entries = Array.from({ length: 40 }, (_, index) => ({
      name: `Person ${index}`,
      email: `person${index}@example.com`,
    }));
    const large = json({ entries });
    expect(JSON.stringify({ entries }).length).toBeGreaterThanOrEqual(SMALL_JSON_BYTES);
    expect(large.headers.get("cache-control")).toBe("no-store");
    expect(await large.json()).toEqual({ entries });
  });
});

describe("readQuery", () => {
  const schema = z.object({
    page: z.coerce.number().int().min(1, { message: "page must be at least 1" }),
    q: z.string().default(""),
  });
  const at = (search: string) => new Request(`http://localhost/api/admin/waitlist${search}`);

  it("parses the query string with the schema, the last of a repeated name winning", () => {
    expect(readQuery(at("?page=1&page=3&q=ada"), schema)).toEqual({ page: 3, q: "ada" });
  });

  it("refuses parameters that do not fit with a 400 naming each problem, and field errors", () => {
    let thrown: unknown;
    try {
      readQuery(at("?page=0"), schema);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HttpError);
    expect(thrown).toMatchObject({
      status: 400,
      message: "Invalid parameters: page must be at least 1.",
      extra: { errors: { page: ["page must be at least 1"] } },
    });
  });
});

describe("route", () => {
  it("answers an error with the status and message it carries", async () => {
    const handler = route(async () => {
      throw new HttpError(409, "Already taken.", { errors: { email: ["Already taken."] } });
    });
    const response = await handler(new Request("http://localhost/api/admin/users"), undefined);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: "Already taken.", errors: { email: ["Already taken."] } });
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("clears the session cookie when the error says the session has ended", async () => {
    const handler = route(async () => {
      throw new HttpError(401, "Your session has ended.", { endsSession: true });
    });
    const response = await handler(new Request("https://otto.example/api/admin/users"), undefined);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Your session has ended." });
    expect(response.headers.get("set-cookie")).toMatch(/^__Secure-authjs\.session-token=;.*Max-Age=0.*Secure/);
  });
});
