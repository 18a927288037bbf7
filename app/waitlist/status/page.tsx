import type { Metadata } from "next";

import { MessagePage } from "@/components/site/message-page";
import { ShareActions } from "@/components/waitlist/share-actions";
import { emailLinkCopy } from "@/content/email-links";
import { pageHeaderCtas } from "@/content/landing/navigation";
import { lineRule, statusOfToken, type WaitlistStatus } from "@/lib/data/waitlist/line";
import { absoluteUrl } from "@/lib/email/site";
import { isWellFormedToken } from "@/lib/email/tokens";
import { utcLongDate } from "@/lib/format";
import { withheldReasonForReferrer } from "@/lib/validation/referral-credit";

export const metadata: Metadata = { title: "Your place in line", robots: { index: false, follow: false } };

const copy = emailLinkCopy.status;

const grouped = new Intl.NumberFormat("en-US");

const linkClass =
  "inline-flex h-10 items-center rounded-md border border-input bg-background px-4 text-sm font-medium shadow-sm hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none";

/**
 * The personal status page, opened from the confirmation page and from later emails (its token, like the
 * others, is stored only as a hash). Reading it changes nothing. It is drawn per request and never cached
 * (next.config.mjs sends no-referrer for /waitlist/*, and a page that reads its query is not stored).
 */
export default async function StatusPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const status = isWellFormedToken(token) ? await statusOfToken(token) : null;
  if (!status || !isWellFormedToken(token)) {
    return (
      <MessagePage title={copy.invalidTitle} homeLabel={copy.home}>
        <p className="text-lg text-muted-foreground">{copy.invalidBody}</p>
      </MessagePage>
    );
  }
  const personalLink = absoluteUrl(`/?ref=${status.referralCode}`);
  const message = `${copy.shareText} ${personalLink}`;
  return (
    <MessagePage title={copy.title(status.name)} headerCta={pageHeaderCtas.member}>
      <Place status={status} />

      <section aria-labelledby="status-link" className="mt-6 grid gap-3">
        <h2 id="status-link" className="text-xl font-semibold">
          {copy.linkHeading}
        </h2>
        <label htmlFor="status-personal-link" className="sr-only">
          {copy.linkLabel}
        </label>
        <input
          id="status-personal-link"
          readOnly
          value={personalLink}
          className="h-10 w-full rounded-md border border-input bg-background px-3 text-center font-mono text-sm"
        />
        <p className="text-muted-foreground" data-testid="friends-credited">
          {copy.friendsCredited(status.credits, status.friendsJoined)}
        </p>
      </section>

      <Friends status={status} />

      <section aria-labelledby="status-share" className="mt-4 grid gap-3">
        <h2 id="status-share" className="text-xl font-semibold">
          {copy.shareHeading}
        </h2>
        <ShareActions url={personalLink} text={copy.shareText} />
        <ul className="flex flex-wrap justify-center gap-2" aria-label={copy.shareHeading}>
          <li>
            <a
              className={linkClass}
              href={`mailto:?subject=${encodeURIComponent(copy.shareText)}&body=${encodeURIComponent(message)}`}
            >
              {copy.email}
            </a>
          </li>
          <ShareLink href={`https://wa.me/?text=${encodeURIComponent(message)}`} label={copy.whatsapp} />
          <ShareLink href={`https://x.com/intent/post?text=${encodeURIComponent(message)}`} label={copy.x} />
          <ShareLink
            href={`https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(personalLink)}`}
            label={copy.linkedin}
          />
        </ul>
      </section>

      <section aria-labelledby="status-rule" className="mt-4 grid gap-2">
        <h2 id="status-rule" className="text-xl font-semibold">
          {copy.ruleHeading}
        </h2>
        <p className="text-muted-foreground">{lineRule(status.rule)}</p>
      </section>

      <section aria-labelledby="status-leave" className="mt-4 grid gap-2">
        <h2 id="status-leave" className="text-xl font-semibold">
          {copy.leaveHeading}
        </h2>
        <p>
          <a
            href={`/waitlist/leave?token=${encodeURIComponent(token)}`}
            className="font-medium text-primary underline underline-offset-4 focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {copy.leave}
          </a>
        </p>
      </section>
    </MessagePage>
  );
}

function Place({ status }: { status: WaitlistStatus }) {
  if (status.status === "invited") return <p className="text-2xl font-semibold">{copy.invited}</p>;
  if (status.status === "accepted") return <p className="text-2xl font-semibold">{copy.accepted}</p>;
  if (status.place === null || status.lineLength === null) {
    return (
      <>
        <p className="text-2xl font-semibold">{copy.unconfirmed}</p>
        <p className="text-muted-foreground">{copy.unconfirmedBody}</p>
      </>
    );
  }
  return (
    <p className="text-3xl font-semibold" data-testid="place">
      {copy.place(grouped.format(status.place), grouped.format(Math.max(status.lineLength, status.place)))}
    </p>
  );
}

/**
 * Each friend who joined through the link and what their referral earned, with the reason in plain words when
 * it did not count. Never a name or an address: only "a friend" and the day they joined.
 */
function Friends({ status }: { status: WaitlistStatus }) {
  if (status.friends.length === 0) return null;
  return (
    <section aria-labelledby="status-friends" className="mt-4 grid gap-2">
      <h2 id="status-friends" className="text-xl font-semibold">
        {copy.friendsHeading(status.friendsJoined)}
      </h2>
      <ul className="grid gap-2 text-left" data-testid="friends">
        {status.friends.map((friend, index) => (
          <li key={index} className="rounded-md border px-3 py-2">
            <span className="font-medium">{copy.friend(utcLongDate.format(friend.joinedAt))}</span>
            {": "}
            <span className="text-muted-foreground">
              {friend.state === "credited"
                ? copy.friendCredited
                : friend.state === "waiting"
                  ? copy.friendWaiting
                  : copy.friendNotCredited(withheldReasonForReferrer(friend.reason, status.rule.dailyCap))}
            </span>
          </li>
        ))}
      </ul>
      {status.friendsJoined > status.friends.length ? (
        <p className="text-sm text-muted-foreground">{copy.friendsMore(status.friends.length)}</p>
      ) : null}
    </section>
  );
}

function ShareLink({ href, label }: { href: string; label: string }) {
  return (
    <li>
      <a className={linkClass} href={href} target="_blank" rel="noopener noreferrer">
        {label}
        <span className="sr-only"> {copy.newWindow}</span>
      </a>
    </li>
  );
}
