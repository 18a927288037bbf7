import type { Metadata } from "next";
import { redirect } from "next/navigation";

import { LinkStepForm } from "@/components/site/link-step-form";
import { MessagePage } from "@/components/site/message-page";
import { earlyAccessNextSteps, emailLinkCopy } from "@/content/email-links";
import { pageHeaderCtas } from "@/content/landing/navigation";
import { invitationLinkState, type InvitationLinkState } from "@/lib/data/waitlist/invitations";
import { contactWay } from "@/lib/email/contact";
import { isWellFormedToken } from "@/lib/email/tokens";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Early access", robots: { index: false, follow: false } };

const copy = emailLinkCopy.accept;

/**
 * The link in an invitation. Opening it changes nothing (mail scanners open links too): until the
 * invitation is accepted, the page shows a form that posts to /api/waitlist/accept, sent by its script at
 * once or by its button. Once accepted, the link sends the visitor on to EARLY_ACCESS_URL, or shows the
 * welcome page when it is unset.
 */
export default async function EarlyAccessPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  const link = isWellFormedToken(token) ? token : null;
  const state: InvitationLinkState = link ? await invitationLinkState(link) : { status: "invalid" };
  if (state.status === "invalid") {
    return (
      <MessagePage title={copy.invalidTitle} homeLabel={copy.home}>
        <p className="text-lg text-muted-foreground">{copy.invalidBody(contactWay())}</p>
      </MessagePage>
    );
  }
  if (link && state.status === "pending") {
    return (
      <MessagePage title={copy.askTitle(state.name)} headerCta={pageHeaderCtas.home}>
        <p className="text-lg text-muted-foreground">{copy.askBody}</p>
        <LinkStepForm
          action={`/api/waitlist/accept?token=${encodeURIComponent(link)}`}
          label={copy.button}
          busyLabel={copy.working}
        />
      </MessagePage>
    );
  }
  const next = env().EARLY_ACCESS_URL;
  if (next) redirect(next);
  return (
    <MessagePage title={copy.welcomeTitle(state.name)} homeLabel={copy.home} headerCta={pageHeaderCtas.home}>
      <p className="text-lg text-muted-foreground">{copy.welcomeBody}</p>
      <ol className="mx-auto mt-2 grid max-w-md list-decimal gap-2 pl-6 text-left">
        {earlyAccessNextSteps(undefined, undefined, contactWay()).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </MessagePage>
  );
}
