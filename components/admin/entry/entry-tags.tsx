"use client";

import { PlusIcon, XIcon } from "lucide-react";
import { useId, useState } from "react";

import { useAdminAction } from "@/components/admin/kit/use-admin-action";
import { useAdminCan } from "@/components/admin/shell/role-context";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { adminApi, adminFailureDescription } from "@/lib/api";
import { TAG_MAX_LENGTH, TAGS_PER_ENTRY, tagSchema } from "@/lib/validation/tags";

/**
 * One entry's tags, each with its remove button, and a field that adds one (Enter or Add). The field offers the
 * tags in use as it is typed; a tag the server's own rule refuses is said under it. A viewer sees the tags only.
 */
export function EntryTags({ id, tags, known }: { id: number; tags: string[]; known: readonly string[] }) {
  const fieldId = useId();
  const canTag = useAdminCan("tag");
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const add = useAdminAction({
    request: (tag: string) => adminApi.waitlist.tags({ ids: [id], add: [tag] }),
    succeeded: (_result, tag) => ({ title: `Tagged "${tag}"` }),
    // The refusal goes under the field, where the tag is.
    failed: null,
    onSuccess: () => setText(""),
    onError: (failed) => setError(adminFailureDescription(failed)),
  });
  const remove = useAdminAction({
    request: (tag: string) => adminApi.waitlist.tags({ ids: [id], remove: [tag] }),
    succeeded: (_result, tag) => ({ title: `Removed the tag "${tag}"` }),
    failed: "Could not remove the tag",
  });
  const full = tags.length >= TAGS_PER_ENTRY;

  return (
    <div className="grid gap-3">
      {tags.length === 0 ? (
        <p className="text-sm text-muted-foreground">No tags yet.</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Tags" data-testid="entry-tags">
          {tags.map((tag) => (
            <li key={tag}>
              <Badge variant="muted" className="gap-1 py-0.5 pr-0.5 text-sm">
                {tag}
                {canTag && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-6"
                    aria-label={`Remove the tag ${tag}`}
                    disabled={remove.pending}
                    onClick={() => void remove.run(tag)}
                  >
                    <XIcon aria-hidden="true" />
                  </Button>
                )}
              </Badge>
            </li>
          ))}
        </ul>
      )}
      {canTag && (
        <form
          className="grid gap-1.5 sm:max-w-md"
          onSubmit={(event) => {
            event.preventDefault();
            const checked = tagSchema.safeParse(text);
            if (!checked.success) return setError(checked.error.issues[0]?.message ?? "Enter a tag");
            setError(null);
            void add.run(checked.data);
          }}
        >
          <label htmlFor={fieldId} className="text-sm font-medium">
            Add a tag
          </label>
          <div className="flex gap-2">
            <Input
              id={fieldId}
              value={text}
              onChange={(event) => setText(event.target.value)}
              maxLength={TAG_MAX_LENGTH + 10}
              autoComplete="off"
              list={known.length > 0 ? `${fieldId}-known` : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${fieldId}-error ${fieldId}-hint`}
              disabled={full}
            />
            <Button type="submit" variant="outline" disabled={add.pending || full}>
              <PlusIcon aria-hidden="true" />
              Add
            </Button>
          </div>
          {known.length > 0 && (
            <datalist id={`${fieldId}-known`}>
              {known.map((tag) => (
                <option key={tag} value={tag} />
              ))}
            </datalist>
          )}
          <p id={`${fieldId}-error`} aria-live="polite" className="text-sm font-medium text-destructive empty:hidden">
            {error}
          </p>
          <p id={`${fieldId}-hint`} className="text-xs text-muted-foreground">
            {full
              ? `This entry has ${TAGS_PER_ENTRY} tags, the most it can have: remove one to add another.`
              : `Up to ${TAG_MAX_LENGTH} characters; capitals do not matter. At most ${TAGS_PER_ENTRY} tags an entry.`}
          </p>
        </form>
      )}
    </div>
  );
}
