import type { Metadata } from "next";

import { MessagePage } from "@/components/site/message-page";
import { Button } from "@/components/ui/button";
import { emailLinkCopy } from "@/content/email-links";
import { pageHeaderCtas } from "@/content/landing/navigation";
import { leaveTokenIsValid } from "@/lib/data/waitlist/signups";
import { isWellFormedToken } from "@/lib/email/tokens";

export const metadata: Metadata = { title: "Leave the waiting list", robots: { index: false, follow: false } };

const copy = emailLinkCopy.leave;

/**
 * The "Remove me from the list" link. Opening it only asks: link scanners follow links, and must not erase
 * anyone. The button posts the one-click form (RFC 8058) to this same URL, which erases the entry.
 */
export default async function LeavePage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[]; done?: string }>;
}) {
  const { token, done } = await searchParams;
  if (done) {
    return (
      <MessagePage title={copy.doneTitle} homeLabel={copy.home} headerCta={pageHeaderCtas.home}>
        <p className="text-lg text-muted-foreground">{copy.doneBody}</p>
      </MessagePage>
    );
  }
  if (!isWellFormedToken(token) || !(await leaveTokenIsValid(token))) {
    return (
      <MessagePage title={copy.invalidTitle} homeLabel={copy.home} headerCta={pageHeaderCtas.home}>
        <p className="text-lg text-muted-foreground">{copy.invalidBody}</p>
      </MessagePage>
    );
  }
  return (
    <MessagePage title={copy.askTitle} headerCta={pageHeaderCtas.home}>
      <p className="text-lg text-muted-foreground">{copy.askBody}</p>
      <form method="post" action={`/waitlist/leave?token=${encodeURIComponent(token)}`} className="mt-4">
        <input type="hidden" name="List-Unsubscribe" value="One-Click" />
        <Button type="submit" variant="destructive" size="lg">
          {copy.button}
        </Button>
      </form>
    </MessagePage>
  );
}
