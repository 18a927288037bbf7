import { clientIp, HttpError, NOT_JSON_MESSAGE, readJson } from "@/lib/http";

function withHeaders(headers: Record<string, string>) {
  return new Request("http://localhost/api/waitlist", { headers });
}

describe("clientIp", () => {
  const saved = process.env.TRUSTED_PROXY_HOPS;
  afterEach(() => {
    if (saved === undefined) delete process.env.TRUSTED_PROXY_HOPS;
    else process.env.TRUSTED_PROXY_HOPS = saved;
  });

  it("takes a single X-Forwarded-For value as it is (Vercel replaces the header with the real client)", () => {
    expect(clientIp(withHeaders({ "x-forwarded-for": "203.0.113.7" }))).toBe("203.0.113.7");
  });

  it("takes the rightmost entry by default: the one the proxy appended, not the ones the client sent", () => {
    expect(clientIp(withHeaders({ "x-forwarded-for": "10.9.9.9, 203.0.113.7" }))).toBe("203.0.113.7");
    expect(clientIp(withHeaders({ "x-forwarded-for": "1.1.1.1,2.2.2.2 ,  203.0.113.7 " }))).toBe("203.0.113.7");
  });

  it("gives the same address however the client varies the entries it controls", () => {
    const addresses = ["", "1.2.3.4, ", "5.6.7.8, 9.9.9.9, ", "not-an-ip, ", ", , "].map((spoofed) =>
      clientIp(withHeaders({ "x-forwarded-for": `${spoofed}203.0.113.7` })),
    );
    expect(new Set(addresses)).toEqual(new Set(["203.0.113.7"]));
  });

  it("skips as many hops as TRUSTED_PROXY_HOPS says (e.g. a CDN in front of nginx)", () => {
    process.env.TRUSTED_PROXY_HOPS = "2";
    expect(clientIp(withHeaders({ "x-forwarded-for": "6.6.6.6, 203.0.113.7, 198.51.100.1" }))).toBe("203.0.113.7");
    // Fewer entries than hops: the leftmost one is still the closest thing to the client.
    expect(clientIp(withHeaders({ "x-forwarded-for": "203.0.113.7" }))).toBe("203.0.113.7");
    expect(clientIp(withHeaders({ "x-forwarded-for": "6.6.6.6, 203.0.113.7, 198.51.100.1" }), 3)).toBe("6.6.6.6");
  });

  it("falls back to X-Real-IP, then to a fixed key", () => {
    expect(clientIp(withHeaders({ "x-real-ip": " 203.0.113.9 " }))).toBe("203.0.113.9");
    expect(clientIp(withHeaders({ "x-forwarded-for": " , ", "x-real-ip": "203.0.113.9" }))).toBe("203.0.113.9");
    expect(clientIp(withHeaders({}))).toBe("unknown");
  });
});

describe("readJson", () => {
  const body = (headers: Record<string, string>, text: string) =>
    readJson(new Request("http://localhost/api/waitlist", { method: "POST", headers, body: text }));
  const refusal = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error as HttpError);

  it("reads a body declared as JSON, including a +json type and a charset", async () => {
    expect(await body({ "content-type": "application/json" }, '{"a":1}')).toEqual({ a: 1 });
    expect(await body({ "content-type": "application/json; charset=utf-8" }, "[1]")).toEqual([1]);
    expect(await body({ "content-type": "application/merge-patch+json" }, "true")).toBe(true);
  });

  it("refuses a body not declared as JSON with 400 and a message naming the header (not 415)", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonp", ""]) {
      const error = await refusal(body({ "content-type": type }, '{"a":1}'));
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status: 400, message: NOT_JSON_MESSAGE });
    }
    expect(NOT_JSON_MESSAGE).toContain("Content-Type: application/json");
  });

  it("answers 400 to an empty body or broken JSON, and 413 to one over the limit", async () => {
    expect(await refusal(body({ "content-type": "application/json" }, " "))).toMatchObject({ status: 400, message: expect.stringMatching(/empty/) });
    expect(await refusal(body({ "content-type": "application/json" }, "{nope"))).toMatchObject({ status: 400, message: expect.stringMatching(/not valid JSON/) });
    const big = JSON.stringify({ pad: "x".repeat(11_000) });
    expect(await refusal(body({ "content-type": "application/json" }, big))).toMatchObject({ status: 413 });
  });
});
