"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";

import type { SignupProof } from "@/components/waitlist/signup-proof";
import { refreshWaitlistCount } from "@/components/waitlist/use-waitlist-count";
import { waitlistCopy } from "@/content/waitlist";
import { ApiError, apiRequest, isDatabaseUnavailable, serverMessage } from "@/lib/api";
import { storedSignupSource } from "@/lib/signup-source";
import { CHALLENGE_FIELD } from "@/lib/validation/challenge";
import {
  cleanSignupSource,
  isReferralCode,
  WAITLIST_HONEYPOT_FIELD,
  type WaitlistSignup,
} from "@/lib/validation/waitlist";

export interface SignupInput {
  signup: WaitlistSignup;
  /** Whatever a bot typed into the hidden field; people leave it empty. */
  honeypot: string;
  /** The form's proof of work (signup-proof.ts), awaited just before posting. */
  proof?: SignupProof;
}

/** The description of the failure toast: the server's message, the database text, or the default. */
export function failureDescription(error: unknown): string {
  const message = serverMessage(error);
  if (isDatabaseUnavailable(error)) return waitlistCopy.failure.database;
  // A proxy's HTML error page is not a message to show anyone.
  if (!message || message.length > 300 || message.trimStart().startsWith("<")) return waitlistCopy.failure.fallback;
  return message;
}

/** Field errors from a 400 answer (`{ errors: { field: [messages] } }`), if there are any. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  try {
    const parsed = JSON.parse(error.body) as { errors?: Record<string, unknown> };
    const result: Record<string, string> = {};
    for (const [field, messages] of Object.entries(parsed.errors ?? {})) {
      if (Array.isArray(messages) && typeof messages[0] === "string") result[field] = messages[0];
    }
    return result;
  } catch {
    return {};
  }
}

/** Posts a signup; on success shows a "You're on the list!" toast and refreshes the count, on failure an error toast saying why. */
export function useWaitlistSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ signup, honeypot, proof }: SignupInput) => {
      // Where the visit came from, if the landing page saw it (kept in this tab only).
      const stored = storedSignupSource(window.sessionStorage);
      const source = cleanSignupSource(stored);
      // The personal link the visitor came through, only when well formed: an odd link never costs a signup.
      const kept = stored && typeof stored === "object" ? (stored as { ref?: unknown }).ref : undefined;
      const ref = typeof kept === "string" ? kept.toLowerCase() : undefined;
      const withRef = isReferralCode(ref) ? { ...signup, ref } : signup;
      const withSource = source ? { ...withRef, source } : withRef;
      const withHoneypot = honeypot ? { ...withSource, [WAITLIST_HONEYPOT_FIELD]: honeypot } : withSource;
      // Without a proof the signup still goes: the server holds it for review rather than lose it.
      const solved = await proof?.take();
      const payload = solved ? { ...withHoneypot, [CHALLENGE_FIELD]: solved } : withHoneypot;
      const res = await apiRequest("POST", "/api/waitlist", payload);
      return (await res.json()) as { message: string };
    },
    onSuccess: () => {
      toast.success(waitlistCopy.success.title, { description: waitlistCopy.success.description });
      void refreshWaitlistCount(queryClient);
    },
    onError: (error) => {
      toast.error(waitlistCopy.failure.title, { description: failureDescription(error) });
    },
  });
}
