import { clientIp } from "@/lib/http";

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
