"use client";

import { useId, useState } from "react";

import { useAdminAction } from "@/components/admin/kit/use-admin-action";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { adminApi, adminFailureDescription } from "@/lib/api";
import {
  MOVED_UP_PLACES_MAX,
  MOVED_UP_PLACES_MIN,
  movedUpSettingsSchema,
  type MovedUpSettings,
} from "@/lib/validation/site-settings";

/**
 * The owner's "You moved up" updates: on or off, and how many places count as a move. Checked with the
 * server's own schema before it is sent; an admin without the right to change it sees it read-only.
 */
export function MovedUpForm({ initial, canChange }: { initial: MovedUpSettings; canChange: boolean }) {
  const id = useId();
  const [enabled, setEnabled] = useState(initial.enabled);
  const [places, setPlaces] = useState(String(initial.places));
  const [error, setError] = useState<string>();
  const save = useAdminAction({
    request: (settings: MovedUpSettings) => adminApi.setMovedUp(settings),
    succeeded: (_result, settings) => ({
      title: settings.enabled ? "“You moved up” emails on" : "“You moved up” emails off",
      description: settings.enabled
        ? `People hear of a move of ${settings.places} places or more, at most once a day.`
        : "Nobody gets one until you turn them on again.",
    }),
    // The server's refusal goes under the field, where the number is.
    failed: null,
    onError: (failed) => setError(adminFailureDescription(failed)),
  });
  const unchanged = enabled === initial.enabled && places.trim() === String(initial.places);
  return (
    <form
      className="grid max-w-xl gap-4"
      aria-label="“You moved up” emails"
      // The shared schema says what is wrong, in the field's own error region, rather than the browser's bubble.
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const text = places.trim();
        const checked = movedUpSettingsSchema.safeParse({ enabled, places: text === "" ? Number.NaN : Number(text) });
        setError(checked.success ? undefined : checked.error.issues[0]?.message);
        if (checked.success) void save.run(checked.data);
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
          <Label htmlFor={`${id}-enabled`}>Send “You moved up” emails</Label>
          <p id={`${id}-enabled-description`} className="text-sm text-muted-foreground">
            Confirmed people still waiting get one when their place is at least the number of places below better than
            the place we last told them: at most one a day each, never to held or unconfirmed signups, with their
            personal link and the way off the list.
          </p>
        </div>
      </div>
      <FormField
        id={`${id}-places`}
        label="Places moved up before an email"
        hint={`A whole number from ${MOVED_UP_PLACES_MIN} to ${MOVED_UP_PLACES_MAX.toLocaleString("en-US")}.`}
        error={error}
        className="max-w-48"
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={MOVED_UP_PLACES_MIN}
            max={MOVED_UP_PLACES_MAX}
            step={1}
            value={places}
            onChange={(event) => setPlaces(event.target.value)}
            disabled={!canChange || save.pending}
          />
        )}
      </FormField>
      {canChange ? (
        <div>
          <Button type="submit" disabled={save.pending || unchanged}>
            {save.pending ? "Saving..." : "Save"}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Only an admin with full rights can change this.</p>
      )}
    </form>
  );
}
