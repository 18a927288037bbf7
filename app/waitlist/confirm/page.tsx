import type { Metadata } from "next";
import Link from "next/link";

import { LinkStepForm } from "@/components/site/link-step-form";
import { MessagePage } from "@/components/site/message-page";
import { NewLinkForm } from "@/components/waitlist/new-link-form";
import { PersonalLinkAndShare, Place } from "@/components/waitlist/place-and-link";
import { emailLinkCopy } from "@/content/email-links";
import { pageHeaderCtas } from "@/content/landing/navigation";
import { statusOfToken } from "@/lib/data/waitlist/line";
import { confirmLinkState, statusTokenForConfirmLink, type ConfirmLinkState } from "@/lib/data/waitlist/signups";
import { isWellFormedToken } from "@/lib/email/tokens";

export const metadata: Metadata = { title: "Confirm your place", robots: { index: false, follow: false } };

const copy = emailLinkCopy.confirm;

const textLinkClass =
  "font-medium text-primary underline underline-offset-4 focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

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
    // The same status link every time this page is opened (derived from the confirmation link). The place and
    // the personal link are shown here, where the person is, rather than behind another click.
    const statusToken = await statusTokenForConfirmLink(link);
    const status = statusToken ? await statusOfToken(statusToken) : null;
    return (
      <MessagePage
        title={done ? copy.confirmedTitle : copy.alreadyTitle}
        homeLabel={copy.home}
        headerCta={pageHeaderCtas.member}
      >
        <p className="text-lg text-muted-foreground">
          {done ? copy.confirmedBody(state.name) : copy.alreadyBody(state.name)}
        </p>
        {status && statusToken ? (
          <>
            <Place status={status} />
            <PersonalLinkAndShare status={status} />
            <p className="mt-2">
              <Link href={`/waitlist/status?token=${encodeURIComponent(statusToken)}`} className={textLinkClass}>
                {copy.statusLink}
              </Link>
            </p>
          </>
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
