import { ShareActions } from "@/components/waitlist/share-actions";
import { emailLinkCopy } from "@/content/email-links";
import type { WaitlistStatus } from "@/lib/data/waitlist/line";
import { absoluteUrl } from "@/lib/email/site";
import { shareLinksOf } from "@/lib/share-links";

const copy = emailLinkCopy.status;

const grouped = new Intl.NumberFormat("en-US");

const linkClass =
  "inline-flex h-10 items-center rounded-md border border-input bg-background px-4 text-sm font-medium shadow-sm hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none";

/** A person's personal link (`/?ref=CODE`), as they share it. */
export const personalLinkOf = (status: Pick<WaitlistStatus, "referralCode">) =>
  absoluteUrl(`/?ref=${status.referralCode}`);

/** The place in line, or what stands in for it (not confirmed yet, invited, accepted). */
export function Place({ status }: { status: WaitlistStatus }) {
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
 * The personal link itself, and ways to share it: Copy link and the browser's share sheet (scripts), and plain
 * links to email, WhatsApp, X and LinkedIn that work without them. `between` sits after the link, before the
 * ways to share (the status page's count of friends credited).
 */
export function PersonalLinkAndShare({ status, between }: { status: WaitlistStatus; between?: React.ReactNode }) {
  const personalLink = personalLinkOf(status);
  const share = shareLinksOf(personalLink, copy.shareText);
  return (
    <>
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
        {between}
      </section>

      <section aria-labelledby="status-share" className="mt-4 grid gap-3">
        <h2 id="status-share" className="text-xl font-semibold">
          {copy.shareHeading}
        </h2>
        <ShareActions url={personalLink} text={copy.shareText} />
        <ul className="flex flex-wrap justify-center gap-2" aria-label={copy.shareHeading}>
          <li>
            <a className={linkClass} href={share.email}>
              {copy.email}
            </a>
          </li>
          <ShareLink href={share.whatsapp} label={copy.whatsapp} />
          <ShareLink href={share.x} label={copy.x} />
          <ShareLink href={share.linkedin} label={copy.linkedin} />
        </ul>
      </section>
    </>
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
