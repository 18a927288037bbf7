import type { Metadata } from "next";

import { PageHeader } from "@/components/admin/kit/page-header";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { healthReport, type HealthStatus } from "@/lib/data/health";
import { cn } from "@/lib/utils";

export const metadata: Metadata = { title: "Health" };

// Read fresh on every visit: it is the page someone opens when something seems wrong.
export const dynamic = "force-dynamic";

/** Each status in words as well as colour, so it reads without colour too. */
const STATUS: Record<HealthStatus, { word: string; dot: string; box: string }> = {
  green: { word: "Working", dot: "bg-success", box: "border-border" },
  amber: { word: "Needs a look", dot: "bg-warning", box: "border-warning/60" },
  red: { word: "Failing", dot: "bg-destructive", box: "border-destructive/70" },
};

const OVERALL: Record<HealthStatus, string> = {
  green: "Everything works.",
  amber: "Everything works; some things need a look.",
  red: "Something is failing: see the red checks.",
};

export default async function HealthPage() {
  await requireCurrentAdmin();
  const report = await healthReport();
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader
        title="Health"
        description="Whether the site's parts work now, each with what to do when one does not. Nothing here sends email or calls a paid service."
      />
      <p className="text-base font-medium" data-health-overall={report.status}>
        {OVERALL[report.status]}
      </p>
      <ul className="grid gap-3" aria-label="Health checks">
        {report.checks.map((check) => {
          const status = STATUS[check.status];
          return (
            <li
              key={check.id}
              data-health-check={check.id}
              data-status={check.status}
              className={cn("grid gap-1 rounded-lg border bg-background p-4", status.box)}
            >
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <h2 className="font-semibold">{check.label}</h2>
                <span className="inline-flex items-center gap-1.5 text-sm font-medium">
                  <span className={cn("size-2.5 rounded-full", status.dot)} aria-hidden="true" />
                  {status.word}
                </span>
              </div>
              <p className="text-sm">{check.summary}</p>
              {check.fix && <p className="text-sm text-muted-foreground">What to do: {check.fix}</p>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
