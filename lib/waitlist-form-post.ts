import { CHALLENGE_FIELD } from "@/lib/validation/challenge";
import {
  BUSINESS_TYPE_OPTIONS,
  referralCodeSchema,
  TEAM_SIZE_OPTIONS,
  WAITLIST_HONEYPOT_FIELD,
} from "@/lib/validation/waitlist";

/**
 * The waiting list form posted by a browser without scripts (application/x-www-form-urlencoded): what it
 * sends, read into the JSON body's shape, and the two short-lived cookies that carry its outcome to the page
 * the browser is sent on to. Neither the address nor the entries ever go into a URL, where browser history,
 * server logs and analytics would keep them.
 */

/** What the visitor typed and chose, as the plain form re-renders it. */
export interface WaitlistFormEntries {
  name: string;
  email: string;
  businessType: string;
  /** "What kind of business?" (sent with any type; the schema keeps it for "other" only). */
  businessDescription: string;
  employees: string;
  agreedToTerms: boolean;
}

export const EMPTY_WAITLIST_ENTRIES: WaitlistFormEntries = {
  name: "",
  email: "",
  businessType: "",
  businessDescription: "",
  employees: "",
  agreedToTerms: false,
};

/** Why a form post did not go through, beyond its fields; each has its own words on the form. */
export type WaitlistFormProblem = "rate-limit" | "busy" | "database" | "failed";

/** The outcome of a plain form post that did not go through: the entries, and what to say besides field errors. */
export interface WaitlistFormDraft {
  entries: WaitlistFormEntries;
  problem?: WaitlistFormProblem;
  /** The personal link's code the post carried, so a second try still credits the friend who shared it. */
  ref?: string;
}

/** The page a plain form post lands on once the signup went through. */
export const WAITLIST_THANKS_PATH = "/waitlist/thanks";
/** The page that shows the plain form again with its errors and the visitor's entries. */
export const WAITLIST_JOIN_PATH = "/waitlist/join";
/** Holds the address typed, for the thank-you page only. */
export const THANKS_COOKIE = "waitlist_thanks";
/** Holds a refused post's entries, for the join page only. */
export const DRAFT_COOKIE = "waitlist_draft";
/** Long enough to land on the page and reload it once; the entries are not kept beyond the visit. */
const COOKIE_MAX_AGE_SECONDS = 600;
// Longer values are cut: a draft is for showing the entries again, and a cookie holds about 4 KB.
const MAX_KEPT_LENGTH = 300;

/**
 * The JSON body's shape from a posted form: the checkbox sends `agreedToTerms=on` only when ticked, and a
 * missing field is sent as absent, so the shared schema gives the same messages as for the JSON body.
 */
export function signupBodyOfForm(fields: URLSearchParams): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of [
    "name",
    "email",
    "businessType",
    "businessDescription",
    "employees",
    "ref",
    WAITLIST_HONEYPOT_FIELD,
    CHALLENGE_FIELD,
  ]) {
    const value = fields.get(name);
    if (value !== null) body[name] = value;
  }
  body.agreedToTerms = fields.has("agreedToTerms");
  return body;
}

/** The entries to show again: text cut to a sane length, and only choices the selects offer. */
export function entriesOfForm(fields: URLSearchParams): WaitlistFormEntries {
  return cleanEntries({
    name: fields.get("name"),
    email: fields.get("email"),
    businessType: fields.get("businessType"),
    businessDescription: fields.get("businessDescription"),
    employees: fields.get("employees"),
    agreedToTerms: fields.has("agreedToTerms"),
  });
}

function cleanEntries(raw: Record<string, unknown>): WaitlistFormEntries {
  const text = (value: unknown) => (typeof value === "string" ? value.slice(0, MAX_KEPT_LENGTH) : "");
  const choice = (value: unknown, options: readonly { value: string }[]) =>
    options.some((option) => option.value === value) ? (value as string) : "";
  return {
    name: text(raw.name),
    email: text(raw.email),
    businessType: choice(raw.businessType, BUSINESS_TYPE_OPTIONS),
    businessDescription: text(raw.businessDescription),
    employees: choice(raw.employees, TEAM_SIZE_OPTIONS),
    agreedToTerms: raw.agreedToTerms === true,
  };
}

/** The post's referral code when it is one (the same check as the signup's), else nothing to keep. */
export function referralOfForm(fields: URLSearchParams): string | undefined {
  const checked = referralCodeSchema.safeParse(fields.get("ref") ?? undefined);
  return checked.success ? checked.data : undefined;
}

/**
 * The personal link's code from the page the plain form was posted from. Without scripts nothing copies
 * `/?ref=CODE` into the form's hidden field, and the landing page is built once, the same for everyone, so it
 * cannot write the code in either; but the browser names the page in its Referer, in full to this site (the
 * site's Referrer-Policy, strict-origin-when-cross-origin, in next.config.mjs). Only the landing page of this
 * host counts (`host`: the request's own, as the same-origin check reads it, requestHost in lib/auth/guard.ts),
 * and only a code the signup's own schema accepts; anything else is no referral.
 */
export function referralOfReferer(request: Request, host: string): string | undefined {
  const referer = request.headers.get("referer");
  if (!referer) return undefined;
  let page: URL;
  try {
    page = new URL(referer);
  } catch {
    return undefined;
  }
  if (page.host !== host || page.pathname !== "/") return undefined;
  const checked = referralCodeSchema.safeParse(page.searchParams.get("ref") ?? undefined);
  return checked.success ? checked.data : undefined;
}

const PROBLEMS: readonly WaitlistFormProblem[] = ["rate-limit", "busy", "database", "failed"];

/** A draft as its cookie's value (base64url JSON: no character a cookie may not hold). */
export function encodeDraft(draft: WaitlistFormDraft): string {
  return Buffer.from(JSON.stringify(draft)).toString("base64url");
}

/** A draft from its cookie's value; anything unreadable is no draft. */
export function decodeDraft(value: string | undefined): WaitlistFormDraft | null {
  if (!value) return null;
  try {
    const raw = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as Record<string, unknown>;
    if (!raw || typeof raw !== "object" || !raw.entries || typeof raw.entries !== "object") return null;
    const draft: WaitlistFormDraft = { entries: cleanEntries(raw.entries as Record<string, unknown>) };
    if (PROBLEMS.includes(raw.problem as WaitlistFormProblem)) draft.problem = raw.problem as WaitlistFormProblem;
    const ref = referralCodeSchema.safeParse(raw.ref);
    if (ref.success && ref.data) draft.ref = ref.data;
    return draft;
  } catch {
    return null;
  }
}

/** A Set-Cookie value only the page at `path` receives: HttpOnly, SameSite=Strict, for a few minutes (0 clears it). */
export function pageCookie(
  name: string,
  value: string,
  path: string,
  options: { secure: boolean; maxAge?: number },
): string {
  const maxAge = options.maxAge ?? COOKIE_MAX_AGE_SECONDS;
  return `${name}=${value}; Path=${path}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${options.secure ? "; Secure" : ""}`;
}

/** What the thank-you page is told: the address typed, and whether the signup was held for review. */
export interface WaitlistThanks {
  email: string;
  /** Kept for review with nothing sent (no valid proof of work); a repeat signup of a listed address too. */
  held: boolean;
}

/** The thank-you page's cookie value: `held:` or `sent:`, then the address (URI-encoded). */
export function encodeThanks(thanks: WaitlistThanks): string {
  return `${thanks.held ? "held" : "sent"}:${encodeURIComponent(thanks.email)}`;
}

/** The thank-you page's cookie, if it still reads as one (the address was checked before it was stored). */
export function decodeThanks(value: string | undefined): WaitlistThanks | null {
  const match = value ? /^(held|sent):(.*)$/.exec(value) : null;
  if (!match) return null;
  try {
    const email = decodeURIComponent(match[2]!);
    if (email.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(email)) return null;
    return { email, held: match[1] === "held" };
  } catch {
    return null;
  }
}
