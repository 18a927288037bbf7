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

describe("clientNetworkKey across address families", () => {
  // A household that reaches the site once over IPv4 and once over an IPv6 address carrying that IPv4 address
  // is one network: the referral rule must not see two neighbours as strangers.
  it("judges an IPv6 address that carries an IPv4 one by that address's /24", () => {
    const household = "203.0.113.0/24";
    expect(clientNetworkKey("203.0.113.77")).toBe(household);
    // IPv4-translated, NAT64's well-known prefix (in both spellings) and 6to4.
    expect(clientNetworkKey("::ffff:0:203.0.113.9")).toBe(household);
    expect(clientNetworkKey("64:ff9b::203.0.113.10")).toBe(household);
    expect(clientNetworkKey("64:ff9b::cb00:710b")).toBe(household);
    expect(clientNetworkKey("2002:cb00:710c:1::5")).toBe(household);
    // Teredo: the client's IPv4 address, inverted, in the last 32 bits (203.0.113.13 = ~34ff:8ef2).
    expect(clientNetworkKey("2001:0:4136:e378:8000:63bf:34ff:8ef2")).toBe(household);
  });

  it("keeps a native IPv6 address at its /64, and 6to4 neighbours of another IPv4 network apart", () => {
    expect(clientNetworkKey("2001:db8:1:2::9")).toBe("2001:db8:1:2::/64");
    expect(clientNetworkKey("2002:c633:6401::1")).toBe("198.51.100.0/24");
    expect(clientNetworkKey("64:ff9b:1::cb00:7105")).toBe("64:ff9b:1:0::/64");
  });
});
