import type { Metadata } from "next";

import { LinkStepForm } from "@/components/site/link-step-form";
import { MessagePage } from "@/components/site/message-page";
import { NewLinkForm } from "@/components/waitlist/new-link-form";
import { emailLinkCopy } from "@/content/email-links";
import { confirmLinkState, type ConfirmLinkState } from "@/lib/data/waitlist/signups";
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
      <MessagePage title={copy.askTitle}>
        <p className="text-lg text-muted-foreground">{copy.askBody(state.name)}</p>
        <LinkStepForm
          action={`/api/waitlist/confirm?token=${encodeURIComponent(link)}`}
          label={copy.button}
          busyLabel={copy.working}
        />
      </MessagePage>
    );
  }
  if (state.status === "already-confirmed" && done) {
    return (
      <MessagePage title={copy.confirmedTitle} homeLabel={copy.home}>
        <p className="text-lg text-muted-foreground">{copy.confirmedBody(state.name)}</p>
      </MessagePage>
    );
  }
  if (state.status === "already-confirmed") {
    return (
      <MessagePage title={copy.alreadyTitle} homeLabel={copy.home}>
        <p className="text-lg text-muted-foreground">{copy.alreadyBody(state.name)}</p>
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
