"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";

import { waitlistCopy } from "@/content/waitlist";
import { storedSignupSource } from "@/lib/signup-source";
import { isReferralCode } from "@/lib/validation/waitlist";

/** Where the form asks for the first name of the person whose personal link the visitor came through. */
export const REFERRER_GREETING_URL = "/api/waitlist/referrer";

/** The personal link's code this visit kept (lib/signup-source.ts): the one the signup will carry, if any. */
function keptReferralCode(): string | null {
  const stored = storedSignupSource(window.sessionStorage);
  const ref = stored && typeof stored === "object" ? (stored as { ref?: unknown }).ref : undefined;
  const code = typeof ref === "string" ? ref.toLowerCase() : null;
  return isReferralCode(code) ? code : null;
}

async function fetchReferrerName({ queryKey, signal }: { queryKey: readonly unknown[]; signal: AbortSignal }) {
  // No credentials: the answer is the same for everyone, and a cache may keep it.
  const res = await fetch(`${REFERRER_GREETING_URL}?code=${String(queryKey[1])}`, { credentials: "omit", signal });
  if (!res.ok) return null;
  const body = (await res.json()) as { firstName?: unknown };
  return typeof body.firstName === "string" && body.firstName !== "" ? body.firstName : null;
}

/**
 * "Dana invited you. ...": the line above the form for a visitor who came through a confirmed person's personal
 * link. The landing page is built once for everyone, so the name is asked for when the form loads, from the
 * code the visit kept; no code, or one that greets nobody, shows nothing. A failed request is not worth a retry
 * or a word: the signup credits the link all the same.
 */
export function ReferrerGreeting() {
  // Read once, in the browser: this component renders only in the lazily loaded form, never on the server.
  const [code] = useState(keptReferralCode);
  const { data: firstName } = useQuery({
    queryKey: ["referrer-greeting", code] as const,
    queryFn: fetchReferrerName,
    enabled: code !== null,
    staleTime: Infinity,
    retry: false,
  });
  if (!firstName) return null;
  return (
    <p
      data-testid="referrer-greeting"
      className="mb-5 rounded-lg border border-primary/30 bg-primary/5 px-4 py-3 text-sm font-medium"
    >
      {waitlistCopy.referredBy(firstName)}
    </p>
  );
}
