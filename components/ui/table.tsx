import * as React from "react";

import { cn } from "@/lib/utils";

/**
 * A table in a horizontally scrollable, keyboard-focusable region. With `stackOnPhone`, below 768 px each row
 * becomes a card of labelled fields instead (give each cell a `data-label`; see globals.css).
 */
function Table({
  className,
  containerLabel,
  stackOnPhone = false,
  ...props
}: React.ComponentProps<"table"> & { containerLabel?: string; stackOnPhone?: boolean }) {
  return (
    <div
      data-slot="table-container"
      data-stack={stackOnPhone ? "phone" : undefined}
      className="relative w-full overflow-x-auto rounded-lg border bg-card focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      {...(containerLabel ? { role: "region", "aria-label": containerLabel, tabIndex: 0 } : {})}
    >
      <table data-slot="table" className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}

function TableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  return <thead data-slot="table-header" className={cn("bg-muted/60 [&_tr]:border-b", className)} {...props} />;
}

function TableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return <tbody data-slot="table-body" className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

function TableRow({ className, ...props }: React.ComponentProps<"tr">) {
  return (
    <tr data-slot="table-row" className={cn("border-b transition-colors hover:bg-muted/40", className)} {...props} />
  );
}

function TableHead({ className, ...props }: React.ComponentProps<"th">) {
  return (
    <th
      data-slot="table-head"
      scope="col"
      className={cn("h-11 whitespace-nowrap px-4 text-left align-middle font-medium text-muted-foreground", className)}
      {...props}
    />
  );
}

function TableCell({ className, ...props }: React.ComponentProps<"td">) {
  return <td data-slot="table-cell" className={cn("px-4 py-3 align-middle", className)} {...props} />;
}

function TableCaption({ className, ...props }: React.ComponentProps<"caption">) {
  return (
    <caption data-slot="table-caption" className={cn("mt-4 text-sm text-muted-foreground", className)} {...props} />
  );
}

export { Table, TableHeader, TableBody, TableRow, TableHead, TableCell, TableCaption };
