"use client";

import { useId, useState } from "react";

import { useAdminAction } from "@/components/admin/kit/use-admin-action";
import { Button } from "@/components/ui/button";
import { adminApi } from "@/lib/api";
import { NOTIFY_CHOICES, NOTIFY_LABELS, type NotifyChoice } from "@/lib/validation/notifications";

/** The admin's own choice of email about signups: every signup, a daily digest, or none. */
export function NotifyForm({ initial }: { initial: NotifyChoice }) {
  const id = useId();
  const [choice, setChoice] = useState<NotifyChoice>(initial);
  const save = useAdminAction({
    request: (chosen: NotifyChoice) => adminApi.setNotify(chosen),
    succeeded: (_, chosen) => ({ title: "Email settings saved", description: NOTIFY_LABELS[chosen].label }),
    failed: "Could not save your email settings",
  });
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void save.run(choice);
      }}
    >
      <fieldset className="grid gap-3">
        <legend className="sr-only">Email me about signups</legend>
        {NOTIFY_CHOICES.map((value) => (
          <div key={value} className="flex items-start gap-3">
            <input
              type="radio"
              id={`${id}-${value}`}
              name="notify"
              value={value}
              checked={choice === value}
              onChange={() => setChoice(value)}
              aria-describedby={`${id}-${value}-description`}
              className="mt-0.5 size-4 accent-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
            />
            <div className="grid gap-0.5">
              <label htmlFor={`${id}-${value}`} className="text-sm font-medium">
                {NOTIFY_LABELS[value].label}
              </label>
              <p id={`${id}-${value}-description`} className="text-sm text-muted-foreground">
                {NOTIFY_LABELS[value].description}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      <div>
        <Button type="submit" disabled={save.pending || choice === initial}>
          {save.pending ? "Saving..." : "Save email settings"}
        </Button>
      </div>
    </form>
  );
}
