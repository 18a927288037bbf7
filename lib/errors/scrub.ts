import { createHash } from "node:crypto";

/**
 * What an error says, made safe to keep: an error's message or stack can carry whatever the failing code held
 * (a visitor's address, a confirmation token, a session cookie, a password someone typed). Each is replaced by
 * a word in brackets before anything is written, so the error list never becomes a copy of the waiting list.
 */
const SCRUBBERS: [RegExp, string][] = [
  // A cookie or authorisation header, whole: everything after the name up to the line's end.
  [/\b(cookie|set-cookie|authorization)\s*[:=]\s*[^\r\n]*/gi, "$1: [redacted]"],
  // A password, secret or token given by name, in JSON, a query string or prose ("password=…", "token: …").
  [/\b((?:pass(?:word)?|secret|token|api[_-]?key|otp|code)["']?\s*[:=]\s*)(["']?)[^\s"'&,;}]+\2/gi, "$1$2[redacted]$2"],
  [/\bBearer\s+[A-Za-z0-9._~+/=-]+/g, "Bearer [redacted]"],
  // An email address.
  [/[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g, "[email]"],
  // A long run of letters and digits: a token, a session id, a key, a hash (a plain word is never this long
  // with digits in it).
  [/\b(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{24,}\b/g, "[token]"],
];

/** The text with addresses, tokens, cookies and passwords replaced, cut to `max` characters. */
export function scrub(text: string, max = 2_000): string {
  let safe = text;
  for (const [pattern, replacement] of SCRUBBERS) safe = safe.replace(pattern, replacement);
  return safe.length > max ? `${safe.slice(0, max - 1)}…` : safe;
}

/**
 * The message as it groups: numbers, ids and quoted values masked, so "entry 41 not found" and "entry 97 not
 * found" are one cause.
 */
export function maskForGrouping(message: string): string {
  return scrub(message, 500)
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, "<id>")
    .replace(/\b0x[0-9a-f]+\b/gi, "<n>")
    .replace(/\d+(?:\.\d+)?/g, "<n>")
    .replace(/"[^"]{0,200}"|'[^']{0,200}'/g, "<value>");
}

/**
 * The first frame of the stack that is the site's own code (not Node's, not a package's), without its line
 * and column: a release that moves the line keeps the group. Empty when no frame is ours.
 */
export function topOwnFrame(stack: string | undefined): string {
  for (const line of (stack ?? "").split("\n").slice(1)) {
    const frame = line.trim();
    if (!frame.startsWith("at ") || /node_modules|node:|\(native\)|<anonymous>/.test(frame)) continue;
    // A built chunk's name changes with every build: keep only the function's name, so a deploy keeps the group.
    if (/\/chunks\/|\/_next\//.test(frame)) return /^at\s+([^\s(/]+)\s+\(/.exec(frame)?.[1] ?? "";
    return frame
      .replace(/:\d+:\d+\)?$/, "")
      .replace(/\($/, "")
      .replace(/^at\s+/, "")
      .replace(/\s*\(/, " ")
      .replace(/^.*?((?:app|lib|components|emails)\/)/, (match, folder: string) => {
        // Keep the function name and the path from the project's own folders on.
        const name = /^(\S+)\s/.exec(match)?.[1];
        return name && !name.includes("/") ? `${name} ${folder}` : folder;
      })
      .replace(/^file:\/\//, "");
  }
  return "";
}

export interface ErrorFacts {
  kind: "server" | "browser";
  name: string;
  message: string;
  stack?: string;
  route: string;
  method: string;
}

/** The cause an error belongs to: its kind, name, masked message, our top frame and route, hashed. */
export function fingerprintOf(facts: ErrorFacts): string {
  return createHash("sha256")
    .update([facts.kind, facts.name, maskForGrouping(facts.message), topOwnFrame(facts.stack), facts.route].join("\n"))
    .digest("hex")
    .slice(0, 32);
}
