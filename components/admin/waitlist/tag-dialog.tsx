"use client";

import { TagIcon } from "lucide-react";
import { useId, useState } from "react";

import { useAdminAction } from "@/components/admin/kit/use-admin-action";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { adminApi, adminFailureDescription } from "@/lib/api";
import { formatNumber } from "@/lib/format";
import type { TagEditInput } from "@/lib/validation/tag-edit";
import { splitTags, tagListSchema } from "@/lib/validation/tags";
import type { WaitlistFilter } from "@/lib/validation/waitlist-query";

/** Who a bulk tag edit acts on: the ticked entries, or everything the search and filters match. */
export type TagTarget = { ids: number[] } | { filter: WaitlistFilter };

interface TagResult {
  matched: number;
  tagged: number;
  untagged: number;
  full: number;
}

const entries = (count: number) => `${formatNumber(count)} ${count === 1 ? "entry" : "entries"}`;

function resultText(result: TagResult, mode: "add" | "remove") {
  if (mode === "remove") return { title: `Removed from ${entries(result.untagged)}` };
  return {
    title: `Tagged ${entries(result.tagged)}`,
    description:
      result.full > 0
        ? `${entries(result.full)} already had the most tags an entry can have, so gained none.`
        : undefined,
  };
}

/**
 * "Tag…" on the selection bar: tags, separated by commas, added to or removed from the chosen entries (or
 * everything matching) in one request. The tags are checked by the server's own rule as they are sent.
 */
export function TagSelectionButton({
  target,
  chosen,
  onDone,
}: {
  target: TagTarget;
  chosen: string;
  onDone: () => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const edit = useAdminAction({
    request: async ({ mode, tags }: { mode: "add" | "remove"; tags: string[] }) => {
      const body: TagEditInput = { ...target, [mode]: tags };
      return (await (await adminApi.waitlist.tags(body)).json()) as TagResult;
    },
    succeeded: (result, { mode }) => resultText(result, mode),
    failed: null,
    onSuccess: () => {
      setOpen(false);
      setText("");
      onDone();
    },
    onError: (failed) => setError(adminFailureDescription(failed)),
  });
  const send = (mode: "add" | "remove") => {
    const checked = tagListSchema.safeParse(splitTags(text));
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? "Enter a tag");
    if (checked.data.length === 0) return setError("Enter a tag");
    setError(undefined);
    void edit.run({ mode, tags: checked.data });
  };
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <TagIcon aria-hidden="true" />
        Tag…
      </Button>
      <Dialog open={open} onOpenChange={(next) => !edit.pending && setOpen(next)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Tag the selected entries</DialogTitle>
            <DialogDescription>{chosen}</DialogDescription>
          </DialogHeader>
          <form
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              send("add");
            }}
          >
            <FormField
              id={`${id}-tags`}
              label="Tags"
              hint="One or more, separated by commas; capitals do not matter."
              error={error}
            >
              {(control) => (
                <Input {...control} value={text} onChange={(event) => setText(event.target.value)} autoComplete="off" />
              )}
            </FormField>
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="ghost" disabled={edit.pending}>
                  Cancel
                </Button>
              </DialogClose>
              <Button type="button" variant="outline" disabled={edit.pending} onClick={() => send("remove")}>
                Remove tags
              </Button>
              <Button type="submit" disabled={edit.pending}>
                {edit.pending ? "Saving..." : "Add tags"}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
