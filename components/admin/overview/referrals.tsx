import Link from "next/link";

import { LoadFailed, readSection } from "@/components/admin/kit/section";
import { periodText } from "@/components/admin/overview/widgets";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { overviewReferrals, type RangeBounds, type Referrals } from "@/lib/data/overview";
import { formatNumber, formatPercent, formatRatio } from "@/lib/format";
import type { OverviewRange } from "@/lib/validation/overview";

// The overview's referral widget: how much of the period's growth came through people's personal links
// (`/?ref=CODE`), who brought the most, and how many more each confirmed signup brought on average.

/** When, as the end of a sentence: "today (UTC)", "in the last 7 days", "since the first signup". */
function during(range: OverviewRange) {
  if (range === "today") return periodText(range);
  return range === "all" ? "since the first signup" : `in ${periodText(range)}`;
}

/** "1 referral", "3 referrals". */
const counted = (count: number, one: string, many: string) => `${formatNumber(count)} ${count === 1 ? one : many}`;

/** When a referral counts, in the words the entry page uses for each reason it may not. */
const CREDIT_RULE =
  "A referral is credited when the friend confirms their address, unless it is the referrer's own address written differently, came from the referrer's network within 30 days of them, went past the referrer's limit for the day, or the referrer never confirmed.";

function Figure({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <div role="group" aria-labelledby={id} className="grid content-start gap-1 rounded-md bg-muted/50 p-3">
      <h3 id={id} className="text-sm font-medium">
        {title}
      </h3>
      {children}
    </div>
  );
}

/** The period's referral figures, once read (the widget's body; kept apart from reading them for its tests). */
export function ReferralFigures({ referrals, range }: { referrals: Referrals; range: OverviewRange }) {
  const { signups, referred, confirmed, credited, viralFactor, topReferrers } = referrals;
  const period = during(range);
  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <Figure id="referral-share-heading" title="Signups by referral">
          {signups === 0 ? (
            <p className="text-sm text-muted-foreground">No signups in this period.</p>
          ) : (
            <p className="text-2xl font-semibold tabular-nums" data-testid="referral-share">
              {`${formatNumber(referred)} of ${counted(signups, "signup", "signups")} (${formatPercent(referred / signups)})`}
            </p>
          )}
          <p className="text-sm text-muted-foreground">
            Signups {period} that came through someone&apos;s referral link, credited or not.
          </p>
        </Figure>
        <Figure id="viral-factor-heading" title="Viral factor">
          <p className="text-2xl font-semibold tabular-nums" data-testid="viral-factor">
            {viralFactor === null ? "–" : formatRatio(viralFactor)}
          </p>
          <p className="text-sm text-muted-foreground">
            {viralFactor === null
              ? `Nobody confirmed their address ${period}, so there is nothing to divide by yet.`
              : `Each confirmed signup brought ${formatRatio(viralFactor)} more: ${counted(credited, "referral", "referrals")} credited for ${counted(confirmed, "confirmation", "confirmations")} ${period}.`}
          </p>
        </Figure>
      </div>
      <div className="grid gap-2">
        <h3 id="top-referrers-heading" className="text-sm font-medium">
          Top referrers
        </h3>
        {topReferrers.length === 0 ? (
          <div className="grid justify-items-center gap-1 rounded-md border border-dashed p-6 text-center">
            <p className="font-medium">No referrals yet</p>
            <p className="text-sm text-muted-foreground">No referral was credited {period}.</p>
          </div>
        ) : (
          <div
            className="overflow-x-auto rounded-md border"
            role="region"
            aria-labelledby="top-referrers-heading"
            tabIndex={0}
          >
            <table className="w-full text-sm">
              <caption className="sr-only">
                Top referrers {period}: the entries with the most referrals credited, most first
              </caption>
              <thead className="bg-muted">
                <tr>
                  <th scope="col" className="px-3 py-2 text-left font-medium">
                    Name
                  </th>
                  <th scope="col" className="px-3 py-2 text-left font-medium">
                    Email
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Credited referrals
                  </th>
                </tr>
              </thead>
              <tbody data-testid="top-referrers">
                {topReferrers.map((referrer) => (
                  <tr key={referrer.id} className="border-t">
                    <th scope="row" className="max-w-48 truncate px-3 py-1.5 text-left font-normal">
                      <Link
                        href={`/admin/waitlist/${referrer.id}`}
                        className="underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                      >
                        {referrer.name}
                      </Link>
                    </th>
                    <td className="px-3 py-1.5 [overflow-wrap:anywhere]">{referrer.email}</td>
                    <td className="px-3 py-1.5 text-right tabular-nums">{formatNumber(referrer.credited)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <p className="text-xs text-muted-foreground">
        {CREDIT_RULE} The viral factor is referrals credited per address confirmed, both in the period.
        {range === "all" &&
          " Over all time, each referrer's count keeps the credit of a friend who has since left, as their place in line does."}
      </p>
    </div>
  );
}

/** The period's referrals: the share of signups that came by referral, the top referrers and the viral factor. */
export async function ReferralsCard({ bounds, range }: { bounds: RangeBounds; range: OverviewRange }) {
  const admin = await requireCurrentAdmin();
  const referrals = await readSection("the overview's referrals", () => overviewReferrals(admin, bounds));
  return (
    <section aria-labelledby="referrals-heading" className="grid content-start gap-3 rounded-lg border bg-card p-4">
      <h2 id="referrals-heading" className="text-base font-semibold">
        Referrals
      </h2>
      {referrals === null ? (
        <LoadFailed
          toastId="overview-referrals"
          toastTitle="Failed to load the overview"
          text="The referrals could not be loaded."
        />
      ) : (
        <ReferralFigures referrals={referrals} range={range} />
      )}
    </section>
  );
}
