import type { Metadata } from "next";
import { cookies } from "next/headers";

import { PageShell } from "@/components/site/page-shell";
import { WaitlistPlainForm, type WaitlistField } from "@/components/waitlist/waitlist-plain-form";
import { waitlistCopy } from "@/content/waitlist";
import { WAITLIST_BUSY_MESSAGE, WAITLIST_RATE_LIMIT_MESSAGE } from "@/lib/data/waitlist/signups";
import { fieldErrors } from "@/lib/http";
import { waitlistSignupSchema } from "@/lib/validation/disposable-email";
import { decodeDraft, DRAFT_COOKIE, EMPTY_WAITLIST_ENTRIES, type WaitlistFormDraft } from "@/lib/waitlist-form-post";

export const metadata: Metadata = { title: waitlistCopy.heading, robots: { index: false, follow: false } };

/**
 * The waiting list form on its own page: where a post from the plain form (no scripts) comes back to when it
 * did not go through, with the visitor's entries and the same messages the scripted form gives. The entries
 * come from a cookie the post set for this page alone, for a few minutes, never from the URL. The landing
 * page stays one built file for everyone.
 */
export default async function WaitlistJoinPage() {
  const draft = decodeDraft((await cookies()).get(DRAFT_COOKIE)?.value);
  const entries = draft?.entries ?? EMPTY_WAITLIST_ENTRIES;
  const errors = draft ? errorsOf(draft) : {};
  const problem = draft ? problemOf(draft, Object.keys(errors).length > 0) : undefined;
  return (
    <PageShell>
      <main id="main" className="mx-auto grid w-full max-w-xl gap-6 px-6 py-16">
        <div className="grid gap-3">
          <h1 className="text-3xl font-semibold tracking-tight">{waitlistCopy.heading}</h1>
          <p className="text-lg text-muted-foreground">{waitlistCopy.intro}</p>
        </div>
        <div className="rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8">
          <WaitlistPlainForm entries={entries} errors={errors} problem={problem} referral={draft?.ref} />
        </div>
      </main>
    </PageShell>
  );
}

/** The first message for each field, by the same schema the post was checked with. */
function errorsOf(draft: WaitlistFormDraft): Partial<Record<WaitlistField, string>> {
  const result = waitlistSignupSchema.safeParse(draft.entries);
  if (result.success) return {};
  const errors: Partial<Record<WaitlistField, string>> = {};
  for (const [field, messages] of Object.entries(fieldErrors(result.error))) {
    if (field in EMPTY_WAITLIST_ENTRIES && messages[0]) errors[field as WaitlistField] ??= messages[0];
  }
  return errors;
}

/** What to say beside the button; the limits' messages say when to try again (their windows are a minute). */
function problemOf(draft: WaitlistFormDraft, hasFieldErrors: boolean): string | undefined {
  switch (draft.problem) {
    case "rate-limit":
      return WAITLIST_RATE_LIMIT_MESSAGE;
    case "busy":
      return WAITLIST_BUSY_MESSAGE;
    case "database":
      return waitlistCopy.failure.database;
    case "failed":
      return waitlistCopy.failure.fallback;
    default:
      return hasFieldErrors ? waitlistCopy.plainForm.checkFields : undefined;
  }
}
