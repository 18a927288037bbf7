import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";

import { MessagePage } from "@/components/site/message-page";
import { siteConfig } from "@/config/site";
import { joinWaitlistLink, pageHeaderCtas } from "@/content/landing/navigation";
import { waitlistCopy } from "@/content/waitlist";
import { THANKS_COOKIE, thanksAddress } from "@/lib/waitlist-form-post";

export const metadata: Metadata = { title: "You're on the list", robots: { index: false, follow: false } };

const linkClass =
  "font-medium text-primary underline underline-offset-4 focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

/**
 * Where the waiting list form lands without scripts, at its own address so a campaign can count it. It says
 * what happens next, the same for a first signup and a repeat one. The address typed comes from a cookie the
 * signup set for this page alone, for a few minutes: never from the URL, which history, logs and analytics keep.
 */
export default async function WaitlistThanksPage() {
  const email = thanksAddress((await cookies()).get(THANKS_COOKIE)?.value);
  const { nextStep } = waitlistCopy;
  return (
    <MessagePage
      title={waitlistCopy.success.title}
      homeLabel={`Back to ${siteConfig.name}`}
      headerCta={pageHeaderCtas.member}
    >
      <p className="text-lg text-muted-foreground">{waitlistCopy.success.description}</p>
      <section
        aria-labelledby="next-step-heading"
        className="mt-4 grid gap-3 rounded-xl border bg-card p-6 text-card-foreground shadow-sm"
      >
        <h2 id="next-step-heading" className="text-xl font-semibold">
          {nextStep.title}
        </h2>
        <p data-testid="confirmation-address">
          {email ? (
            <>
              {nextStep.sentTo} <strong className="break-all">{email}</strong>.
            </>
          ) : (
            nextStep.sentToUnknown
          )}
        </p>
        <p className="text-muted-foreground">{nextStep.body}</p>
        <p>
          <Link href={`/#${joinWaitlistLink.id}`} className={linkClass}>
            {nextStep.wrongAddress}
          </Link>
        </p>
      </section>
    </MessagePage>
  );
}
