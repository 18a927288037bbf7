import { isIP } from "node:net";

/**
 * The address of whoever opened the connection, written onto each request by the Node server itself
 * (lib/peer-address.ts) and overwritten there on every request, so a client cannot supply it. It lives here,
 * not in lib/http.ts, because the server-start hook (instrumentation.ts) imports it: that file is bundled
 * into every function and the proxy, and lib/http.ts loads the error recorder, and with it the database.
 */
export const PEER_ADDRESS_HEADER = "x-otto-peer-address";

// An IPv6 address has many spellings (compressed or not, upper or lower case, a dotted IPv4 tail, a zone
// id): decisions about one are made on its eight 16-bit groups, never on a pattern of one spelling.

/** The eight 16-bit groups of an IPv6 address in any spelling, or null when it is not one. */
export function ipv6Groups(address: string): number[] | null {
  const bare = address.split("%")[0]!;
  if (isIP(bare) !== 6) return null;
  let text = bare.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string?];
  const part = (side: string | undefined) => (side ? side.split(":").map((group) => parseInt(group, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const zeros = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}

/** The dotted IPv4 address held in two 16-bit groups. */
export function ipv4FromGroups(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}

/** The IPv4 address an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, any spelling) stands for, else null. */
export function mappedIPv4(address: string): string | null {
  const groups = ipv6Groups(address);
  if (!groups || groups.slice(0, 5).some((group) => group !== 0) || groups[5] !== 0xffff) return null;
  return ipv4FromGroups(groups[6]!, groups[7]!);
}

/**
 * The IPv4 address a client's IPv6 address carries, for the forms that carry one: IPv4-mapped and
 * IPv4-translated (::ffff:0:0/96, ::ffff:0:0:0/96), NAT64's well-known prefix (64:ff9b::/96), 6to4
 * (2002::/16, the IPv4 after the prefix) and Teredo (2001::/32, the client's IPv4 in the last 32 bits,
 * inverted). Such a client is the household behind that IPv4 address, whichever family it spoke. Null for
 * every other address.
 */
export function clientIPv4Of(address: string): string | null {
  const groups = ipv6Groups(address);
  if (!groups) return null;
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const zeroTo = (end: number) => groups.slice(0, end).every((group) => group === 0);
  if (zeroTo(5) && g5 === 0xffff) return ipv4FromGroups(g6, g7);
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return ipv4FromGroups(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return ipv4FromGroups(g6, g7);
  if (g0 === 0x2002) return ipv4FromGroups(g1, g2);
  if (g0 === 0x2001 && g1 === 0) return ipv4FromGroups(~g6 & 0xffff, ~g7 & 0xffff);
  return null;
}

/**
 * The client network an address belongs to: its /24 for IPv4, its /64 for IPv6 (one household or one
 * phone's prefix), or null when it is not an address. An IPv6 address that carries an IPv4 one (clientIPv4Of)
 * counts as that IPv4 address, so a household that signs up once over each family is one network.
 */
export function clientNetworkKey(address: string): string | null {
  const v4 = isIP(address) === 4 ? address : clientIPv4Of(address);
  if (v4) return `${v4.split(".").slice(0, 3).join(".")}.0/24`;
  const groups = ipv6Groups(address);
  if (!groups) return null;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}
