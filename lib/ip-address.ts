import { isIP } from "node:net";

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
 * The client network an address belongs to: its /24 for IPv4 (an IPv4-mapped IPv6 address counts as its
 * IPv4 address), its /64 for IPv6 (one household or one phone's prefix), or null when it is not an address.
 */
export function clientNetworkKey(address: string): string | null {
  const v4 = isIP(address) === 4 ? address : mappedIPv4(address);
  if (v4) return `${v4.split(".").slice(0, 3).join(".")}.0/24`;
  const groups = ipv6Groups(address);
  if (!groups) return null;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}
