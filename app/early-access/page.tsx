import type { Metadata } from "next";
import { redirect } from "next/navigation";

import { MessagePage } from "@/components/site/message-page";
import { emailLinkCopy } from "@/content/email-links";
import { acceptInvitation, type AcceptResult } from "@/lib/data/invitations";
import { isWellFormedToken } from "@/lib/email/tokens";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Early access", robots: { index: false, follow: false } };

const copy = emailLinkCopy.accept;

/**
 * The link in an invitation: marks the entry accepted (the first time), then sends the visitor on to
 * EARLY_ACCESS_URL, or shows the welcome page when it is unset.
 */
export default async function EarlyAccessPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const result: AcceptResult = isWellFormedToken(token) ? await acceptInvitation(token) : { status: "invalid" };
  if (result.status === "invalid") {
    return (
      <MessagePage title={copy.invalidTitle} homeLabel={copy.home}>
        <p className="text-lg text-muted-foreground">{copy.invalidBody}</p>
      </MessagePage>
    );
  }
  const next = env().EARLY_ACCESS_URL;
  if (next) redirect(next);
  return (
    <MessagePage title={copy.welcomeTitle(result.name)} homeLabel={copy.home}>
      <p className="text-lg text-muted-foreground">{copy.welcomeBody}</p>
      <ol className="mx-auto mt-2 grid max-w-md list-decimal gap-2 pl-6 text-left">
        {copy.nextSteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </MessagePage>
  );
}
