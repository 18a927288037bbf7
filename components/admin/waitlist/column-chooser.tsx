"use client";

import { Columns3Icon } from "lucide-react";
import { useId, useState } from "react";

import { useAdminAction } from "@/components/admin/kit/use-admin-action";
import { Button, buttonVariants } from "@/components/ui/button";
import { adminApi } from "@/lib/api";
import { LIST_COLUMNS, type WaitlistColumnKey } from "@/lib/data/waitlist/columns";
import { cn } from "@/lib/utils";

/**
 * The list's Columns menu: the signed-in admin ticks the columns they want, saved to their own account (so each
 * admin keeps theirs on any device). The product's own columns (Name, Email, Business Type, Team Size, Joined)
 * always show, as ticked boxes that cannot be cleared. A disclosure, so it opens and closes by keyboard as a
 * button does, with nothing to trap.
 */
export function ColumnChooser({ hidden: initial }: { hidden: WaitlistColumnKey[] }) {
  const id = useId();
  const [hidden, setHidden] = useState<WaitlistColumnKey[]>(initial);
  const [open, setOpen] = useState(false);
  const save = useAdminAction({
    request: (chosen: WaitlistColumnKey[]) => adminApi.setHiddenListColumns(chosen),
    succeeded: { title: "Columns saved" },
    failed: "Could not save your columns",
    onSuccess: () => setOpen(false),
  });
  return (
    <details className="relative" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary
        className={cn(
          buttonVariants({ variant: "outline", size: "sm" }),
          "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
        )}
      >
        <Columns3Icon aria-hidden="true" />
        Columns
      </summary>
      <form
        className="absolute right-0 z-20 mt-2 grid w-60 gap-3 rounded-lg border bg-popover p-4 text-popover-foreground shadow-lg"
        onSubmit={(event) => {
          event.preventDefault();
          void save.run(hidden);
        }}
      >
        {/* The look of each label and box, written once here rather than on each of the ten: the list page's
            weight is counted to the kilobyte. */}
        <fieldset className="grid gap-2 [&_input]:size-4 [&_input]:accent-primary [&_input]:focus-visible:ring-2 [&_input]:focus-visible:ring-ring [&_input]:focus-visible:ring-offset-2 [&_input]:focus-visible:outline-none [&_input]:disabled:opacity-60 [&_label]:flex [&_label]:items-center [&_label]:gap-2 [&_label]:text-sm">
          <legend className="mb-1 text-sm font-medium">Columns to show</legend>
          {LIST_COLUMNS.map((column) => (
            <label key={column.key} htmlFor={`${id}-${column.key}`}>
              <input
                type="checkbox"
                id={`${id}-${column.key}`}
                checked={column.always || !hidden.includes(column.key)}
                disabled={column.always}
                onChange={(event) =>
                  setHidden((current) =>
                    event.target.checked
                      ? current.filter((key) => key !== column.key)
                      : [...current, column.key as WaitlistColumnKey],
                  )
                }
              />
              {column.list}
            </label>
          ))}
        </fieldset>
        <Button type="submit" size="sm" disabled={save.pending}>
          {save.pending ? "Saving..." : "Save columns"}
        </Button>
      </form>
    </details>
  );
}
