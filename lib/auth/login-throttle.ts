import "server-only";

import { verifySessionAdmin } from "@/lib/auth/session-admin";
import { clientRateKey, isRemembered, remember, type RateLimitRule } from "@/lib/rate-limit";

export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Failed sign-ins allowed for one email from one client, and from one client whatever the email. */
const LOGIN_FAILURE_LIMIT = 5;
/**
 * Failed sign-ins for one email, from anywhere, before each further attempt is slowed down. Past it the
 * account is never blocked: a stranger who knows the address could otherwise lock its owner out.
 */
const EMAIL_FAILURE_SLOWDOWN_AFTER = 10;
const SLOWDOWN_STEP_MS = 500;
const SLOWDOWN_MAX_MS = 5_000;
/** How long an address an admin has signed in from counts as theirs, exempt from the per-email slowdown. */
export const KNOWN_ADDRESS_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export const INVALID_CREDENTIALS = "Invalid email or password";
export const TOO_MANY_ATTEMPTS = "Too many failed sign-in attempts. Please wait a few minutes and try again.";

/** The wait added to a sign-in attempt for an email that has failed `failures` times in the window. */
export function loginSlowdownMs(failures: number): number {
  const excess = failures - EMAIL_FAILURE_SLOWDOWN_AFTER;
  return excess <= 0 ? 0 : Math.min(excess * SLOWDOWN_STEP_MS, SLOWDOWN_MAX_MS);
}

// Without a known client address there is no pair to count: the email alone is the pair, as before.
const pairKey = (email: string, ip: string | null) => `login-fail:pair:${ip ? clientRateKey(ip) : "unknown"}:${email}`;
export const knownAddressKey = (email: string, ip: string) => `login-ok:${clientRateKey(ip)}:${email}`;

export function blockingRules(ip: string | null, email: string): RateLimitRule[] {
  const rules: RateLimitRule[] = [
    { key: pairKey(email, ip), limit: LOGIN_FAILURE_LIMIT, windowMs: LOGIN_FAILURE_WINDOW_MS },
  ];
  if (ip)
    rules.push({
      key: `login-fail:ip:${clientRateKey(ip)}`,
      limit: LOGIN_FAILURE_LIMIT,
      windowMs: LOGIN_FAILURE_WINDOW_MS,
    });
  return rules;
}

/**
 * Second-step attempts for one admin, from anywhere, kept across password sign-ins: whoever is trying codes
 * already has the password, so these block (signing in again with it clears the per-client counters, never
 * these; nor does a second step that succeeds, which only takes back its own attempt). Ten in a quarter of an
 * hour and fifty in a day leave six digits out of reach; both slide, so no window's edge lets twice as many by.
 */
export function secondFactorRules(adminId: number): RateLimitRule[] {
  return [
    { key: `second-factor-fail:${adminId}:window`, limit: 10, windowMs: LOGIN_FAILURE_WINDOW_MS, sliding: true },
    { key: `second-factor-fail:${adminId}:day`, limit: 50, windowMs: 24 * 60 * 60 * 1000, sliding: true },
  ];
}

/**
 * Failed second steps after a right password, within the quarter hour, at which the admin is emailed: someone
 * may have their password. One email per quarter hour at most, however many more guesses follow.
 */
export const SECOND_STEP_ALERT_AFTER = 5;
export const secondStepAlertKey = (adminId: number) => `second-factor-alerted:${adminId}`;

/** The per-email counter: it never blocks, it only feeds loginSlowdownMs. */
export function emailFailureRule(email: string): RateLimitRule {
  return { key: `login-fail:email:${email}`, limit: Number.MAX_SAFE_INTEGER, windowMs: LOGIN_FAILURE_WINDOW_MS };
}

/** Marks the client's address as one this admin signs in from. */
export async function rememberAddress(email: string, ip: string | null): Promise<void> {
  if (ip) await remember(knownAddressKey(email, ip), KNOWN_ADDRESS_TTL_MS);
}

/** True when the request comes from somewhere this admin has signed in before: an address or a live session of theirs. */
export async function isFamiliar(request: Request, email: string, ip: string | null): Promise<boolean> {
  if (ip && (await isRemembered(knownAddressKey(email, ip)))) return true;
  const signedIn = await verifySessionAdmin(request);
  return signedIn?.email === email;
}
