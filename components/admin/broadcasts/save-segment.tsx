"use client";

import { useId, useState } from "react";

import { useAdminAction } from "@/components/admin/kit/use-admin-action";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { adminApi } from "@/lib/api";
import { SEGMENT_NAME_MAX } from "@/lib/validation/broadcasts";
import type { WaitlistFilter } from "@/lib/validation/waitlist-query";

/** "Save as segment": the list's current search and filters under a name, for broadcasts and later visits. */
export function SaveSegment({ filter }: { filter: WaitlistFilter }) {
  const id = useId();
  const [name, setName] = useState("");
  const save = useAdminAction({
    request: () => adminApi.segments.save({ name: name.trim(), filter }),
    succeeded: { title: "Segment saved", description: `"${name.trim()}" can now be chosen here and in Broadcasts.` },
    failed: "The segment could not be saved",
    onSuccess: () => setName(""),
  });
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim()) void save.run();
      }}
    >
      <div className="grid gap-1">
        <Label htmlFor={`${id}-name`}>Save these filters as a segment</Label>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={SEGMENT_NAME_MAX}
          placeholder="Segment name"
          onChange={(event) => setName(event.target.value)}
          className="w-56"
        />
      </div>
      <Button type="submit" variant="outline" disabled={save.pending || !name.trim()}>
        {save.pending ? "Saving..." : "Save segment"}
      </Button>
    </form>
  );
}
