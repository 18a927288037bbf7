import { clientNetworkKey } from "@/lib/ip-address";

describe("clientNetworkKey", () => {
  it("names an IPv4 address's /24 (a mapped one too) and an IPv6 address's /64, in any spelling", () => {
    expect(clientNetworkKey("203.0.113.77")).toBe("203.0.113.0/24");
    expect(clientNetworkKey("::ffff:203.0.113.5")).toBe("203.0.113.0/24");
    expect(clientNetworkKey("2001:DB8:0:1::7")).toBe("2001:db8:0:1::/64");
    expect(clientNetworkKey("2001:db8:0:1:ffff:1:2:3")).toBe("2001:db8:0:1::/64");
    expect(clientNetworkKey("not an address")).toBeNull();
  });
});
