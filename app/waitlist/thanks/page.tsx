import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";

import { EmailAddress } from "@/components/admin/kit/email-address";
import { MessagePage } from "@/components/site/message-page";
import { siteConfig } from "@/config/site";
import { joinWaitlistLink, pageHeaderCtas } from "@/content/landing/navigation";
import { waitlistCopy } from "@/content/waitlist";
import { decodeThanks, THANKS_COOKIE } from "@/lib/waitlist-form-post";

export const metadata: Metadata = { title: "You're on the list", robots: { index: false, follow: false } };

const linkClass =
  "font-medium text-primary underline underline-offset-4 focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

/**
 * Where the waiting list form lands without scripts, at its own address so a campaign can count it. It says
 * what really happens next: a signup held for review (no proof of work, as without scripts) is told it will be
 * checked and nothing is sent yet; any other is told of its confirmation link, in words that hold for a repeat
 * signup too, so the page tells nobody who is on the list. The address and the outcome come from a cookie the
 * signup set for this page alone, for a few minutes: never from the URL, which history, logs and analytics keep.
 */
export default async function WaitlistThanksPage() {
  const thanks = decodeThanks((await cookies()).get(THANKS_COOKIE)?.value);
  const { nextStep, heldStep, plainSentStep } = waitlistCopy;
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
          {thanks?.held ? heldStep.title : nextStep.title}
        </h2>
        {thanks?.held ? (
          <>
            <p data-testid="held-notice">{heldStep.checking}</p>
            <p data-testid="confirmation-address">
              {heldStep.address}{" "}
              <strong>
                <EmailAddress address={thanks.email} />
              </strong>
              .
            </p>
            <p data-testid="confirmation-unlocks">{nextStep.unlocks}</p>
            <p className="text-muted-foreground">{heldStep.body}</p>
          </>
        ) : thanks ? (
          <>
            <p data-testid="confirmation-address">
              {plainSentStep.sentTo[0]}{" "}
              <strong>
                <EmailAddress address={thanks.email} />
              </strong>{" "}
              {plainSentStep.sentTo[1]}
            </p>
            <p data-testid="confirmation-unlocks">{nextStep.unlocks}</p>
            <p className="text-muted-foreground">{nextStep.body}</p>
            <p className="text-muted-foreground">{plainSentStep.alreadyListed}</p>
          </>
        ) : (
          <>
            <p data-testid="confirmation-address">{nextStep.sentToUnknown}</p>
            <p data-testid="confirmation-unlocks">{nextStep.unlocks}</p>
          </>
        )}
        <p>
          <Link href={`/#${joinWaitlistLink.id}`} className={linkClass}>
            {nextStep.wrongAddress}
          </Link>
        </p>
      </section>
    </MessagePage>
  );
}
