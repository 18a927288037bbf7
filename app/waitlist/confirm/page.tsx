import type { Metadata } from "next";

import { MessagePage } from "@/components/site/message-page";
import { NewLinkForm } from "@/components/waitlist/new-link-form";
import { emailLinkCopy } from "@/content/email-links";
import { confirmWithToken, type ConfirmResult } from "@/lib/data/waitlist";
import { isWellFormedToken } from "@/lib/email/tokens";

export const metadata: Metadata = { title: "Confirm your place", robots: { index: false, follow: false } };

const copy = emailLinkCopy.confirm;

/** Opening the link in the confirmation email: confirms the entry and says so, or offers a new link. */
export default async function ConfirmPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const result: ConfirmResult = isWellFormedToken(token) ? await confirmWithToken(token) : { status: "invalid" };
  if (result.status === "confirmed") {
    return (
      <MessagePage title={copy.confirmedTitle} homeLabel={copy.home}>
        <p className="text-lg text-muted-foreground">{copy.confirmedBody(result.name)}</p>
      </MessagePage>
    );
  }
  if (result.status === "already-confirmed") {
    return (
      <MessagePage title={copy.alreadyTitle} homeLabel={copy.home}>
        <p className="text-lg text-muted-foreground">{copy.alreadyBody(result.name)}</p>
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
