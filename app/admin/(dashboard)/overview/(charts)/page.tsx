import type { Metadata } from "next";

import { PageHeader } from "@/components/admin/kit/page-header";
import { SectionLoader } from "@/components/admin/kit/section";
import { ReferralsCard } from "@/components/admin/overview/referrals";
import { TryOttoCard } from "@/components/admin/overview/try-otto";
import { SourceConversionCard, VisitorFunnelCard } from "@/components/admin/overview/visits";
import { BreakdownCard, duringText, Headline, RangePicker, SignupsPerDay } from "@/components/admin/overview/widgets";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { rangeBounds } from "@/lib/data/overview";
import { utcDayDate, utcLongDate } from "@/lib/format";
import { readOverviewRange } from "@/lib/validation/overview";

export const metadata: Metadata = { title: "Overview" };

/**
 * The owner's morning view: how many signed up, who they are, where they came from (and how many visitors
 * each source brought), how far they got and how many came by referral, for today (by hour: the launch-day
 * view), the last 7, 30 or 90 days or all time. Each widget reads its own figures, so each appears as soon as
 * it is ready. Days are UTC days.
 */
export default async function OverviewPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireCurrentAdmin();
  const range = readOverviewRange([(await searchParams).range ?? []].flat().at(-1));
  const bounds = rangeBounds(range);
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader
        title="Overview"
        description={`Signups ${duringText(range)}, who they are and where they came from. Days are UTC days; today is ${utcLongDate.format(utcDayDate(bounds.today))}.`}
        actions={<RangePicker range={range} />}
      />
      <SectionLoader key={`headline-${range}`} text="Loading the figures...">
        <Headline bounds={bounds} range={range} />
      </SectionLoader>
      <section aria-labelledby="per-day-heading" className="grid gap-3 rounded-lg border bg-card p-4">
        <h2 id="per-day-heading" className="text-base font-semibold">
          {range === "today" ? "Signups by hour today (UTC)" : "Signups per day (UTC)"}
        </h2>
        <SectionLoader key={`days-${range}`} text="Loading signups per day...">
          <SignupsPerDay bounds={bounds} range={range} />
        </SectionLoader>
      </section>
      <div className="grid gap-4 lg:grid-cols-3">
        {(["businessType", "employees", "source"] as const).map((by) => (
          <SectionLoader key={`${by}-${range}`} text="Loading...">
            <BreakdownCard bounds={bounds} by={by} />
          </SectionLoader>
        ))}
      </div>
      <SectionLoader key={`conversion-${range}`} text="Loading visitors by source...">
        <SourceConversionCard bounds={bounds} range={range} />
      </SectionLoader>
      <SectionLoader key={`funnel-${range}`} text="Loading the funnel...">
        <VisitorFunnelCard bounds={bounds} range={range} />
      </SectionLoader>
      <SectionLoader key={`referrals-${range}`} text="Loading referrals...">
        <ReferralsCard bounds={bounds} range={range} />
      </SectionLoader>
      <SectionLoader key={`try-otto-${range}`} text="Loading the live demo's figures...">
        <TryOttoCard bounds={bounds} range={range} />
      </SectionLoader>
    </div>
  );
}
