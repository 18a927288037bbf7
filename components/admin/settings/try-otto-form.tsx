"use client";

import { useId, useState } from "react";

import { useAdminAction } from "@/components/admin/kit/use-admin-action";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { adminApi } from "@/lib/api";
import type { TryOttoSettings } from "@/lib/validation/site-settings";

/**
 * The landing page's live demo kill switch. An admin without the right to change it sees it read-only; the
 * environment's own switch (no key, TRY_OTTO=off) is said beside it, as it wins.
 */
export function TryOttoForm({
  initial,
  canChange,
  offByEnvironment,
}: {
  initial: TryOttoSettings;
  canChange: boolean;
  offByEnvironment: boolean;
}) {
  const id = useId();
  const [enabled, setEnabled] = useState(initial.enabled);
  const save = useAdminAction({
    request: (settings: TryOttoSettings) => adminApi.setTryOtto(settings),
    succeeded: (_result, settings) => ({
      title: settings.enabled ? "Live demo on" : "Live demo off",
      description: settings.enabled
        ? "Visitors can try Otto with their own words, within the day's budget."
        : "The section is gone from the landing page; nothing more is sent to the AI provider.",
    }),
    failed: "The live demo setting was not saved",
  });
  return (
    <form
      className="grid max-w-xl gap-4"
      aria-label="Live demo"
      onSubmit={(event) => {
        event.preventDefault();
        void save.run({ enabled });
      }}
    >
      <div className="flex items-start gap-3">
        <Checkbox
          id={`${id}-enabled`}
          checked={enabled}
          disabled={!canChange || save.pending}
          onCheckedChange={(checked) => setEnabled(checked === true)}
          aria-describedby={`${id}-enabled-description`}
          className="mt-0.5"
        />
        <div className="grid gap-0.5">
          <Label htmlFor={`${id}-enabled`}>Show “Try it with your own words” on the landing page</Label>
          <p id={`${id}-enabled-description`} className="text-sm text-muted-foreground">
            Visitors ask the real assistant, with the proof of work, three conversations a day per network and the
            day&apos;s budget checked before each call. Turning it off hides the section at once.
            {offByEnvironment
              ? " The server's environment keeps it off for now: it has no OPENAI_API_KEY, or TRY_OTTO is off."
              : ""}
          </p>
        </div>
      </div>
      {canChange ? (
        <div>
          <Button type="submit" disabled={save.pending || enabled === initial.enabled}>
            {save.pending ? "Saving..." : "Save"}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Only an admin with full rights can change this.</p>
      )}
    </form>
  );
}
