import Link from "next/link";

import { LoadFailed, readSection } from "@/components/admin/kit/section";
import { duringText, periodText } from "@/components/admin/overview/widgets";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { overviewFunnel, type RangeBounds } from "@/lib/data/overview";
import { conversionRate, overviewSourceConversion, overviewVisitors } from "@/lib/data/visits";
import { formatNumber, formatPercent } from "@/lib/format";
import type { OverviewRange } from "@/lib/validation/overview";
import { DIRECT_SOURCE } from "@/lib/validation/waitlist";

/** "4 signups without a counted visit", or nothing when every signup had one. */
function withoutVisitText(signups: number, visited: number): string | null {
  const apart = signups - visited;
  if (apart <= 0) return null;
  return `${formatNumber(apart)} ${apart === 1 ? "signup" : "signups"} without a counted visit`;
}

// The overview's widgets that start from the landing page's visitors (lib/data/visits.ts): the funnel from
// visit to early access, and each source's visitors, signups and rates. Each reads its own figures.

const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole);
const percent = (share: number | null) => (share === null ? "–" : formatPercent(share));

const failed = (what: string) => (
  <LoadFailed
    toastId={`overview-${what}`}
    toastTitle="Failed to load the overview"
    text={`The ${what} could not be loaded.`}
  />
);

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="grid content-start gap-2 rounded-lg border bg-card p-4">
      <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
      {children}
    </section>
  );
}

/** The range's visitors, then how far the range's signups got: signed up, confirmed, invited, accepted. */
export async function VisitorFunnelCard({ bounds, range }: { bounds: RangeBounds; range: OverviewRange }) {
  const admin = await requireCurrentAdmin();
  const figures = await readSection("the overview's funnel", () =>
    Promise.all([overviewVisitors(admin, bounds), overviewFunnel(admin, bounds)]),
  );
  if (!figures) return failed("funnel");
  const [visitors, funnel] = figures;
  const steps = [
    ["Visitors", visitors],
    ["Signed up", funnel.signups],
    ["Confirmed", funnel.confirmed],
    ["Invited", funnel.invited],
    ["Accepted", funnel.accepted],
  ] as const;
  return (
    <Card title={`From visit to early access: everyone who came or signed up ${duringText(range)}`}>
      <ol className="grid gap-3 sm:grid-cols-5" data-testid="funnel">
        {steps.map(([step, count], index) => {
          // Only signups whose own visit was counted convert visitors; the others (no beacon: scripts off, a
          // blocker, an API client) are said apart, so the rate can never read above 100%.
          const apart = withoutVisitText(funnel.signups, funnel.visited);
          const note =
            index === 0
              ? "distinct each day, days added up"
              : index === 1
                ? `${percent(conversionRate({ visited: funnel.visited, visitors }))} of visitors` +
                  (apart ? `; ${apart}` : "")
                : `${percent(rate(count, funnel.signups))} of signups` +
                  (index > 2 ? `, ${percent(rate(count, steps[index - 1]![1]))} of the step before` : "");
          return (
            <li key={step} className="grid content-start gap-1 rounded-md bg-muted/50 p-3">
              <span className="text-sm font-medium">{step}</span>
              <span className="text-2xl font-semibold tabular-nums">{formatNumber(count)}</span>
              <span className="text-sm text-muted-foreground">{note}</span>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

const sourceLabel = (source: string) => (source === DIRECT_SOURCE ? "Direct (no source)" : source);

/** Each source's visitors and signups in the range, with the conversion rate and the confirm rate. */
export async function SourceConversionCard({ bounds, range }: { bounds: RangeBounds; range: OverviewRange }) {
  const admin = await requireCurrentAdmin();
  const rows = await readSection("the overview's visitors by source", () => overviewSourceConversion(admin, bounds));
  const title = "Visitors and signups by source";
  if (!rows) return <Card title={title}>{failed("visitors by source")}</Card>;
  const cell = "px-3 py-1.5 text-right tabular-nums";
  const head = "px-3 py-2 text-right font-medium";
  return (
    <Card title={title}>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No visitors or signups in this period.</p>
      ) : (
        // On a phone the table is wider than the screen: it scrolls sideways, with a shadow at the edge that has
        // more (the .scroll-cue rule in globals.css) and a line saying so.
        <div className="grid gap-1">
          <p className="text-xs text-muted-foreground sm:hidden" aria-hidden="true">
            Scroll sideways for conversion and confirmed →
          </p>
          <div className="scroll-cue overflow-x-auto rounded-md border" role="region" aria-label={title} tabIndex={0}>
            <table className="w-full text-sm">
              <caption className="sr-only">
                Visitors, signups, conversion rate (signups with a counted visit, of visitors) and confirm rate
                (confirmed of signups) by source, {periodText(range)}
              </caption>
              <thead className="bg-muted">
                <tr>
                  <th scope="col" className="px-3 py-2 text-left font-medium">
                    Source
                  </th>
                  <th scope="col" className={head}>
                    Visitors
                  </th>
                  <th scope="col" className={head}>
                    Signups
                  </th>
                  <th scope="col" className={head}>
                    Conversion
                  </th>
                  <th scope="col" className={head}>
                    Confirmed
                  </th>
                </tr>
              </thead>
              <tbody data-testid="source-conversion">
                {rows.map((row) => (
                  <tr key={row.source} className="border-t" data-source={row.rest ? undefined : row.source}>
                    <th scope="row" className="max-w-48 truncate px-3 py-1.5 text-left font-normal">
                      {row.rest ? (
                        <span className="text-muted-foreground">Other sources</span>
                      ) : (
                        <Link
                          href={`/admin?${new URLSearchParams({ source: row.source })}`}
                          className="underline-offset-4 hover:underline"
                        >
                          {sourceLabel(row.source)}
                        </Link>
                      )}
                    </th>
                    <td className={cell}>{formatNumber(row.visitors)}</td>
                    <td className={cell}>{formatNumber(row.signups)}</td>
                    <td className={cell}>
                      {percent(conversionRate(row))}
                      {row.signups > row.visited && (
                        <span className="block text-xs text-muted-foreground">
                          {withoutVisitText(row.signups, row.visited)}
                        </span>
                      )}
                    </td>
                    <td className={cell}>{percent(rate(row.confirmed, row.signups))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      <p className="text-xs text-muted-foreground">
        Visitors are counted without a cookie, once per day and source, and at most a few per network a day; bots and
        the team are left out. Conversion is signups whose visit was counted, of visitors; signups that sent no visit
        (scripts off, a blocker, an API client) are shown apart. Confirmed is confirmed signups of signups.
      </p>
    </Card>
  );
}
