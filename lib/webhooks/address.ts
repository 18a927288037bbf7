import "server-only";

import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * Addresses a webhook may not reach unless WEBHOOKS_ALLOW_PRIVATE is set: the server's own network
 * (loopback, private ranges, link-local including the cloud metadata address 169.254.169.254, carrier-grade
 * NAT) and addresses that are not for hosts at all. An admin-supplied URL must not become a way into them.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/** True for an address on the server's own network, or not a host's (see above); IPv4-mapped IPv6 as IPv4. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return blocked.check(mapped, "ipv4");
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** Why a webhook URL was refused, in words for the admin. */
export class WebhookUrlError extends Error {}

/**
 * The addresses a webhook URL's host resolves to, each checked: refused with WebhookUrlError if any is
 * private (unless allowed) or the name does not resolve.
 */
export async function resolveWebhookHost(hostname: string, allowPrivate: boolean): Promise<{ address: string; family: number }[]> {
  const bare = hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: { address: string; family: number }[];
  if (isIP(bare)) {
    addresses = [{ address: bare, family: isIP(bare) }];
  } else {
    try {
      addresses = await lookup(bare, { all: true, verbatim: true });
    } catch {
      throw new WebhookUrlError(`The host ${hostname} could not be found.`);
    }
  }
  if (!allowPrivate) {
    const inside = addresses.find((entry) => isPrivateAddress(entry.address));
    if (inside) throw new WebhookUrlError(`The host ${hostname} is on a private, loopback or link-local address (${inside.address}); webhooks may only reach public addresses.`);
  }
  return addresses;
}
