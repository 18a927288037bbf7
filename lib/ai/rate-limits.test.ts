import { connectionTestRateLimits } from "@/lib/ai/rate-limits";

describe("connection test limits", () => {
  it("give an IPv6 client one budget for its whole /64, and the next /64 its own", () => {
    const key = (ip: string) => connectionTestRateLimits(ip)[0]!.key;
    expect(key("2001:db8:5:6::1")).toBe(key("2001:db8:5:6:abcd:ef01:2345:6789"));
    expect(key("2001:db8:5:6::1")).not.toBe(key("2001:db8:5:7::1"));
    expect(key("::ffff:198.51.100.7")).toBe(key("198.51.100.7"));
    expect(connectionTestRateLimits(null).map((rule) => rule.key)).toEqual(["ai-test:global"]);
  });
});
