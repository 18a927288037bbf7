import type { Metadata } from "next";
import Link from "next/link";

import { LinkStepForm } from "@/components/site/link-step-form";
import { MessagePage } from "@/components/site/message-page";
import { NewLinkForm } from "@/components/waitlist/new-link-form";
import { emailLinkCopy } from "@/content/email-links";
import { pageHeaderCtas } from "@/content/landing/navigation";
import { confirmLinkState, statusTokenForConfirmLink, type ConfirmLinkState } from "@/lib/data/waitlist/signups";
import { isWellFormedToken } from "@/lib/email/tokens";

export const metadata: Metadata = { title: "Confirm your place", robots: { index: false, follow: false } };

const copy = emailLinkCopy.confirm;

/**
 * The link in the confirmation email. Opening it changes nothing (mail scanners open links too): while the
 * link can still confirm, the page shows a form that posts to /api/waitlist/confirm, sent by its script at
 * once or by its button. That post sends the browser back here with `done=1`, to say the place is confirmed;
 * opened again later, the link says it already is, and a link that no longer works offers a new one.
 */
export default async function ConfirmPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[]; done?: string }>;
}) {
  const { token, done } = await searchParams;
  const link = isWellFormedToken(token) ? token : null;
  const state: ConfirmLinkState = link ? await confirmLinkState(link) : { status: "invalid" };
  if (link && state.status === "pending") {
    return (
      <MessagePage title={copy.askTitle} headerCta={pageHeaderCtas.member}>
        <p className="text-lg text-muted-foreground">{copy.askBody(state.name)}</p>
        <LinkStepForm
          action={`/api/waitlist/confirm?token=${encodeURIComponent(link)}`}
          label={copy.button}
          busyLabel={copy.working}
        />
      </MessagePage>
    );
  }
  if (link && state.status === "already-confirmed") {
    // The same status link every time this page is opened (derived from the confirmation link).
    const statusToken = await statusTokenForConfirmLink(link);
    return (
      <MessagePage
        title={done ? copy.confirmedTitle : copy.alreadyTitle}
        homeLabel={copy.home}
        headerCta={pageHeaderCtas.member}
      >
        <p className="text-lg text-muted-foreground">
          {done ? copy.confirmedBody(state.name) : copy.alreadyBody(state.name)}
        </p>
        {statusToken ? (
          <p className="mt-2">
            <Link
              href={`/waitlist/status?token=${encodeURIComponent(statusToken)}`}
              className="inline-flex h-11 items-center rounded-md bg-primary px-8 text-base font-medium text-primary-foreground shadow-sm hover:bg-primary/90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
            >
              {copy.statusLink}
            </Link>
          </p>
        ) : null}
      </MessagePage>
    );
  }
  return (
    <MessagePage title={copy.invalidTitle} homeLabel={copy.home}>
      <p className="text-lg text-muted-foreground">{copy.invalidBody}</p>
      <NewLinkForm />
    </MessagePage>
  );
}
