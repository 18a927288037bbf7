import {
  clientRateKey,
  enforceRateLimits,
  hitRateLimit,
  peekRateLimit,
  resetRateLimit,
  undoRateLimitHit,
} from "@/lib/rate-limit";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();
beforeEach(() => resetDatabase());

const rule = { key: "test:ip:203.0.113.9", limit: 3, windowMs: 60_000 };

describe("database-backed rate limits", () => {
  it("allows up to the limit in a window, then refuses with the seconds left", async () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 15);
    const states = [];
    for (let i = 0; i < 4; i++) states.push(await hitRateLimit(rule, now));
    expect(states.map((s) => s.allowed)).toEqual([true, true, true, false]);
    expect(states[3]!.count).toBe(4);
    expect(states[3]!.retryAfterSeconds).toBe(45);
  });

  it("starts again in the next window", async () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 59);
    for (let i = 0; i < 4; i++) await hitRateLimit(rule, now);
    expect((await hitRateLimit(rule, now + 2_000)).allowed).toBe(true);
  });

  it("counts concurrent hits exactly (one atomic upsert per hit)", async () => {
    const now = Date.UTC(2026, 0, 1, 13, 0, 0);
    const states = await Promise.all(Array.from({ length: 20 }, () => hitRateLimit({ ...rule, limit: 100 }, now)));
    expect(states.map((s) => s.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it("peeks without counting and resets a key", async () => {
    const now = Date.UTC(2026, 0, 1, 14, 0, 0);
    expect((await peekRateLimit(rule, now)).count).toBe(0);
    for (let i = 0; i < 3; i++) await hitRateLimit(rule, now);
    const peeked = await peekRateLimit(rule, now);
    expect(peeked).toMatchObject({ count: 3, allowed: false });
    expect((await peekRateLimit(rule, now)).count).toBe(3);
    await resetRateLimit(rule.key);
    expect((await peekRateLimit(rule, now)).allowed).toBe(true);
  });

  it("a sliding limit counts the hits just before a window's edge just after it, and forgets them a window later", async () => {
    const sliding = { ...rule, key: "test:sliding", sliding: true };
    const edge = Date.UTC(2026, 0, 1, 16, 1, 0);
    for (let i = 0; i < 3; i++) expect((await hitRateLimit(sliding, edge - 1_000)).allowed).toBe(true);
    const across = await hitRateLimit(sliding, edge + 1_000);
    expect(across).toMatchObject({ allowed: false, count: 4 });
    expect(across.retryAfterSeconds).toBeGreaterThan(50);
    expect((await peekRateLimit(sliding, edge + 1_000)).allowed).toBe(false);
    // A whole window (and a bucket) later, the earlier hits no longer count.
    expect((await hitRateLimit(sliding, edge + 70_000)).count).toBe(1);
  });

  it("takes back a sliding limit's latest hit, leaving the ones before it", async () => {
    const sliding = { ...rule, key: "test:undo", sliding: true };
    const now = Date.now();
    for (let i = 0; i < 3; i++) await hitRateLimit(sliding, now - 20_000 + i * 10_000);
    await undoRateLimitHit(sliding);
    expect((await peekRateLimit(sliding, now)).count).toBe(2);
  });

  describe("several rules at once", () => {
    const client = { key: "test:chain:client", limit: 2, windowMs: 60_000 };
    const site = { key: "test:chain:site", limit: 3, windowMs: 60_000, message: "Busy everywhere." };
    const refusal = (promise: Promise<void>) =>
      promise.then(
        () => null,
        (error: { status?: number; message: string }) => ({ status: error.status, message: error.message }),
      );

    it("counts each rule, and a client over its own limit counts nothing against the rules after it", async () => {
      const now = Date.UTC(2026, 0, 2, 9, 0, 10);
      expect(await refusal(enforceRateLimits([client, site], "Slow down.", now))).toBeNull();
      expect(await refusal(enforceRateLimits([client, site], "Slow down.", now))).toBeNull();
      expect(await refusal(enforceRateLimits([client, site], "Slow down.", now))).toEqual({
        status: 429,
        message: "Slow down.",
      });
      expect((await peekRateLimit(client, now)).count).toBe(3);
      expect((await peekRateLimit(site, now)).count).toBe(2);
    });

    it("refuses with the words of the rule that refused", async () => {
      const now = Date.UTC(2026, 0, 2, 9, 1, 10);
      for (let i = 0; i < 3; i++) await hitRateLimit(site, now);
      expect(await refusal(enforceRateLimits([client, site], "Slow down.", now))).toEqual({
        status: 429,
        message: "Busy everywhere.",
      });
      expect((await peekRateLimit(client, now)).count).toBe(1);
      expect((await peekRateLimit(site, now)).count).toBe(4);
    });

    it("counts concurrent calls exactly", async () => {
      const now = Date.UTC(2026, 0, 2, 9, 2, 10);
      const wide = [
        { ...client, limit: 100 },
        { ...site, limit: 100 },
      ];
      await Promise.all(Array.from({ length: 20 }, () => enforceRateLimits(wide, "Slow down.", now)));
      expect((await peekRateLimit(wide[0]!, now)).count).toBe(20);
      expect((await peekRateLimit(wide[1]!, now)).count).toBe(20);
    });
  });

  it("keeps keys apart", async () => {
    const now = Date.UTC(2026, 0, 1, 15, 0, 0);
    for (let i = 0; i < 4; i++) await hitRateLimit(rule, now);
    expect((await hitRateLimit({ ...rule, key: "test:ip:198.51.100.1" }, now)).allowed).toBe(true);
  });
});

describe("clientRateKey", () => {
  it("keeps an IPv4 address, reads IPv4-mapped IPv6 as IPv4, and names an IPv6 client by its /64 in any spelling", () => {
    expect(clientRateKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientRateKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientRateKey("0:0:0:0:0:FFFF:cb00:7109")).toBe("203.0.113.9");
    for (const address of [
      "2001:db8:1:2::1",
      "2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd",
      "2001:db8:1:2:ffff::",
      "2001:db8:1:2::203.0.113.9",
      "2001:db8:1:2::1%eth0",
    ]) {
      expect({ address, key: clientRateKey(address) }).toEqual({ address, key: "2001:db8:1:2::/64" });
    }
    expect(clientRateKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    // Not an address (a misconfigured proxy's header): kept as it is, so it still counts as one client.
    expect(clientRateKey("unknown")).toBe("unknown");
  });
});
