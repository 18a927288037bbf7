import { isPrivateAddress, resolveWebhookHost } from "@/lib/webhooks/address";

describe("the webhook address check", () => {
  it("sees the IPv4 address inside every IPv6 spelling that carries one", () => {
    const inside = [
      // IPv4-mapped, in each spelling a URL or a resolver may give
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "0:0:0:0:0:ffff:7f00:1",
      "0000:0000:0000:0000:0000:FFFF:7F00:0001",
      "::FFFF:10.0.0.1",
      // IPv4-compatible (deprecated, never a real host's address)
      "::127.0.0.1",
      "::7f00:1",
      "::8.8.8.8",
      // IPv4-translated (SIIT)
      "::ffff:0:127.0.0.1",
      // NAT64: the well-known prefix with a private address inside, and the local-use prefix
      "64:ff9b::127.0.0.1",
      "64:ff9b::7f00:1",
      "64:ff9b:0:0:0:0:a9fe:a9fe",
      "64:ff9b:1::1",
      "64:ff9b:1:ffff::808:808",
      // 6to4 of loopback, a private network and the metadata address
      "2002:7f00:1::",
      "2002:a00:1::1",
      "2002:a9fe:a9fe::1",
      // Teredo: the client's address is hidden, so it is refused whatever it is
      "2001:0:4136:e378:8000:63bf:3fff:fdd2",
      "2001::1",
      // zone ids are link-local business
      "fe80::1%eth0",
      // not for hosts: discard-only, documentation, the old site-local range
      "100::1",
      "2001:db8::1",
      "fec0::1",
    ];
    for (const address of inside)
      expect({ address, private: isPrivateAddress(address) }).toEqual({ address, private: true });
    const outside = [
      "64:ff9b::808:808",
      "64:ff9b::8.8.8.8",
      "2002:808:808::1",
      "::ffff:8.8.8.8",
      "2606:4700::1111",
      "2001:4860:4860::8888",
      "2001:1::1",
    ];
    for (const address of outside)
      expect({ address, private: isPrivateAddress(address) }).toEqual({ address, private: false });
  });

  it("refuses a URL host in any of those spellings", async () => {
    for (const host of [
      "[::127.0.0.1]",
      "[64:ff9b::127.0.0.1]",
      "[2002:7f00:1::]",
      "[2001:0:4136:e378:8000:63bf:3fff:fdd2]",
      "[0:0:0:0:0:ffff:7f00:1]",
    ]) {
      const hostname = new URL(`http://${host}/hooks`).hostname;
      await expect(resolveWebhookHost(hostname, false)).rejects.toThrow(/private, loopback or link-local/);
    }
    await expect(resolveWebhookHost(new URL("http://[64:ff9b::808:808]/").hostname, false)).resolves.toEqual([
      { address: "64:ff9b::808:808", family: 6 },
    ]);
  });
});
