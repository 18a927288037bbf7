import "server-only";

import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

import { HttpError } from "@/lib/http";
import { ipv4FromGroups, ipv6Groups } from "@/lib/ip-address";

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
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/**
 * The IPv4 address a packet to this IPv6 address ends up at, for the forms that carry one: IPv4-mapped
 * and IPv4-translated (::ffff:0:0/96, ::ffff:0:0:0/96), NAT64's well-known prefix (64:ff9b::/96) and
 * 6to4 (2002::/16). "refuse" for forms whose destination cannot be told from the address: IPv4-compatible
 * (::/96, long deprecated, no real host has one), local-use NAT64 (64:ff9b:1::/48, the operator's own
 * network) and Teredo (2001::/32, whose client address is obfuscated). Null for every other address.
 */
function embeddedIPv4(groups: number[]): string | "refuse" | null {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const zeroTo = (end: number) => groups.slice(0, end).every((group) => group === 0);
  if (zeroTo(5) && g5 === 0xffff) return ipv4FromGroups(g6, g7);
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return ipv4FromGroups(g6, g7);
  if (zeroTo(6)) return "refuse";
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return ipv4FromGroups(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return "refuse";
  if (g0 === 0x2002) return ipv4FromGroups(g1, g2);
  if (g0 === 0x2001 && g1 === 0) return "refuse";
  return null;
}

/**
 * True for an address on the server's own network, or not a host's (see above), in any spelling. An IPv6
 * address that leads to an IPv4 one is judged by that IPv4 address.
 */
export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 4) return blocked.check(address, "ipv4");
  const groups = ipv6Groups(address);
  if (!groups) return true;
  // A zone id only ever names a link-local interface of this server.
  if (address.includes("%")) return true;
  const embedded = embeddedIPv4(groups);
  if (embedded === "refuse") return true;
  if (embedded) return blocked.check(embedded, "ipv4");
  return blocked.check(groups.map((group) => group.toString(16)).join(":"), "ipv6");
}

/** Why a webhook URL was refused, in words for the admin: a 400 on the url field when adding a webhook. */
export class WebhookUrlError extends HttpError {
  constructor(message: string) {
    super(400, message, { errors: { url: [message] } });
  }
}

/**
 * The addresses a webhook URL's host resolves to, each checked: refused with WebhookUrlError if any is
 * private (unless allowed) or the name does not resolve.
 */
export async function resolveWebhookHost(
  hostname: string,
  allowPrivate: boolean,
): Promise<{ address: string; family: number }[]> {
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
    if (inside)
      throw new WebhookUrlError(
        `The host ${hostname} is on a private, loopback or link-local address (${inside.address}); webhooks may only reach public addresses.`,
      );
  }
  return addresses;
}
