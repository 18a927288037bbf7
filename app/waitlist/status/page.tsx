import type { Metadata } from "next";

import { MessagePage } from "@/components/site/message-page";
import { PersonalLinkAndShare, Place } from "@/components/waitlist/place-and-link";
import { emailLinkCopy } from "@/content/email-links";
import { pageHeaderCtas } from "@/content/landing/navigation";
import { invitationsPerWeek, lineRule, statusOfToken, type WaitlistStatus } from "@/lib/data/waitlist/line";
import { isWellFormedToken } from "@/lib/email/tokens";
import { utcLongDate } from "@/lib/format";
import { withheldReasonForReferrer } from "@/lib/validation/referral-credit";

export const metadata: Metadata = { title: "Your place in line", robots: { index: false, follow: false } };

const copy = emailLinkCopy.status;

/**
 * The personal status page, opened from the confirmation page and from later emails (its token, like the
 * others, is stored only as a hash). Reading it changes nothing. It is drawn per request and never cached
 * (next.config.mjs sends no-referrer for /waitlist/*, and a page that reads its query is not stored).
 */
export default async function StatusPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const [status, perWeek] = isWellFormedToken(token)
    ? await Promise.all([statusOfToken(token), invitationsPerWeek()])
    : [null, null];
  if (!status || !isWellFormedToken(token)) {
    return (
      <MessagePage title={copy.invalidTitle} homeLabel={copy.home}>
        <p className="text-lg text-muted-foreground">{copy.invalidBody}</p>
      </MessagePage>
    );
  }
  return (
    <MessagePage title={copy.title(status.name)} headerCta={pageHeaderCtas.member}>
      <Place status={status} />
      <Progress status={status} perWeek={perWeek} />

      <PersonalLinkAndShare
        status={status}
        between={
          <p className="text-muted-foreground" data-testid="friends-credited">
            {copy.friendsCredited(status.credits, status.friendsJoined)}
          </p>
        }
      />

      <Friends status={status} />

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

const grouped = new Intl.NumberFormat("en-US");

/**
 * While in line: how far the person has come since confirming, what one more friend would do now, and the pace
 * of invitations (only when some were sent in the last four weeks).
 */
function Progress({ status, perWeek }: { status: WaitlistStatus; perWeek: number | null }) {
  if (status.place === null) return null;
  const upFrom = status.confirmedPlace !== null && status.confirmedPlace > status.place ? status.confirmedPlace : null;
  // (A rule that gives friends nothing, REFERRAL_MAX or REFERRAL_PLACES at 0, has nothing to say here.)
  const maxed = status.rule.max > 0 && status.rule.places > 0 && status.credits >= status.rule.max;
  return (
    <div className="grid gap-1 text-muted-foreground">
      {upFrom !== null ? (
        <p className="font-medium text-foreground" data-testid="up-from">
          {copy.upFrom(grouped.format(upFrom))}
        </p>
      ) : null}
      {maxed ? (
        <p data-testid="one-more-friend">{copy.friendsMaxed}</p>
      ) : status.oneMoreFriend ? (
        <p data-testid="one-more-friend">{copy.oneMoreFriend(grouped.format(status.oneMoreFriend))}</p>
      ) : null}
      {perWeek !== null ? <p data-testid="pace">{copy.pace(grouped.format(perWeek))}</p> : null}
    </div>
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
