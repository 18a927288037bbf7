import { cn } from "@/lib/utils";

/** One grey placeholder bar; it pulses unless the admin asked for less motion (.skeleton-bar in globals.css). */
function Bar({ className }: { className?: string }) {
  return <div className={cn("skeleton-bar", className)} />;
}

interface AdminPageLoadingProps {
  /** What is loading, shown above the placeholder and announced: "Loading the audit log...". */
  label: string;
  /** The shape of the page on its way: a table of rows, cards of figures, a detail page or a few sections. */
  shape?: "table" | "cards" | "detail" | "sections";
  /** Placeholder filter controls above a table (the list's filters, the audit log's). */
  filters?: number;
}

/**
 * What an admin page shows while the server renders it after a click in the sidebar (each section's
 * loading.tsx): the page's outline in grey, so it is plain that the new page is on its way, and a status
 * message. The region is busy until the page replaces it.
 */
export function AdminPageLoading({ label, shape = "table", filters = 0 }: AdminPageLoadingProps) {
  return (
    <div aria-busy="true" data-admin-loading="" className="mx-auto grid w-full max-w-6xl gap-6">
      <p role="status" className="text-sm text-muted-foreground">
        {label}
      </p>
      <div aria-hidden="true" className="grid gap-6">
        <div className="grid gap-2">
          <Bar className="h-8 w-56" />
          <Bar className="h-4 w-full max-w-md" />
        </div>
        {filters > 0 && (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {Array.from({ length: filters }, (_, index) => (
              <Bar key={index} className="h-10" />
            ))}
          </div>
        )}
        {shape === "table" && (
          <div className="grid gap-px overflow-hidden rounded-lg border bg-card">
            <Bar className="h-11 rounded-none" />
            {Array.from({ length: 6 }, (_, index) => (
              <div key={index} className="flex items-center gap-4 px-4 py-3">
                <Bar className="h-4 w-1/4" />
                <Bar className="h-4 w-1/3" />
                <Bar className="h-4 flex-1" />
              </div>
            ))}
          </div>
        )}
        {shape === "cards" && (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {Array.from({ length: 4 }, (_, index) => (
              <Bar key={index} className="h-24" />
            ))}
            <Bar className="h-64 sm:col-span-2 lg:col-span-4" />
          </div>
        )}
        {shape === "detail" && (
          <div className="grid max-w-4xl grid-cols-[8rem_1fr] gap-x-6 gap-y-3">
            {Array.from({ length: 8 }, (_, index) => (
              <div key={index} className="contents">
                <Bar className="h-4" />
                <Bar className="h-4 w-2/3" />
              </div>
            ))}
          </div>
        )}
        {shape === "sections" &&
          Array.from({ length: 3 }, (_, index) => (
            <div key={index} className="grid gap-3">
              <Bar className="h-6 w-48" />
              <Bar className="h-20" />
            </div>
          ))}
      </div>
    </div>
  );
}
