import { Loader2Icon } from "lucide-react";
import { Suspense } from "react";

import { ErrorToast, RetryButton } from "@/components/admin/kit/server-states";
import { cn } from "@/lib/utils";

/** What a server-rendered part of an admin page shows while its data loads ("Loading emails..."). */
export function LoadingStatus({ text, className }: { text: string; className?: string }) {
  return (
    <p role="status" className={cn("flex items-center gap-2 py-8 text-muted-foreground", className)}>
      <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
      {text}
    </p>
  );
}

/** What it shows when that data could not be read: a toast, the error text and "Try again". */
export function LoadFailed({ toastId, toastTitle, text }: { toastId: string; toastTitle: string; text: string }) {
  return (
    <div className="grid justify-items-start gap-3">
      <ErrorToast id={toastId} title={toastTitle} description="There was a problem connecting to the server." />
      <p role="alert" className="text-destructive">
        {text}
      </p>
      <RetryButton />
    </div>
  );
}

/**
 * Reads the data of one part of an admin page. A failure is logged for the team and comes back as null, so
 * that part shows its own error (with "Try again") while the rest of the page still works.
 */
export async function readSection<T>(what: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    console.error(`[admin] ${what} could not be read:`, error);
    return null;
  }
}

/** One titled part of an admin page: its heading, what it is for, and its controls. */
export function PageSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3">
      <div className="grid gap-1">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </section>
  );
}

/**
 * A part of an admin page that reads its own data: "Loading..." until it is ready, so the rest of the page
 * shows at once. Give it a `key` that changes with the part's query, so a new query shows the loader again.
 */
export function SectionLoader({
  text,
  className,
  children,
}: {
  text: string;
  className?: string;
  children: React.ReactNode;
}) {
  return <Suspense fallback={<LoadingStatus text={text} className={className} />}>{children}</Suspense>;
}
