"use client";

import { PencilIcon, Trash2Icon } from "lucide-react";
import { useId, useState } from "react";

import { ConfirmButton } from "@/components/admin/kit/confirm-button";
import { useAdminAction } from "@/components/admin/kit/use-admin-action";
import { useAdminCan } from "@/components/admin/shell/role-context";
import { Button } from "@/components/ui/button";
import { adminApi, adminFailureDescription } from "@/lib/api";
import { utcDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";
import { NOTE_MAX_LENGTH, noteBodySchema } from "@/lib/validation/notes";

/** A note as the entry's page hands it over, with whether the signed-in admin may change it. */
export interface NoteView {
  id: number;
  body: string;
  authorEmail: string;
  createdAt: Date;
  updatedAt: Date | null;
  /** Its author, or an admin with full rights. */
  canChange: boolean;
}

const textareaClass = cn(
  "flex min-h-24 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm md:text-sm",
  "placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
  "disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive",
);

/**
 * A note's text field with its label, count and error, checked by the server's own rule before it is sent (the
 * server's refusal is said under it too). Used to write a note and to edit one.
 */
function NoteForm({
  label,
  initial,
  submit,
  pendingText,
  request,
  succeeded,
  onDone,
  onCancel,
}: {
  label: string;
  initial: string;
  submit: string;
  pendingText: string;
  request: (body: string) => Promise<unknown>;
  succeeded: string;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const send = useAdminAction({
    request,
    succeeded: { title: succeeded },
    failed: null,
    onSuccess: () => {
      setText(onCancel ? text : "");
      onDone?.();
    },
    onError: (failed) => setError(adminFailureDescription(failed)),
  });
  return (
    <form
      className="grid gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        const checked = noteBodySchema.safeParse(text);
        if (!checked.success) return setError(checked.error.issues[0]?.message ?? "Write the note first");
        setError(null);
        void send.run(checked.data);
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={3}
        className={textareaClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error ${id}-count`}
      />
      <p id={`${id}-error`} aria-live="polite" className="text-sm font-medium text-destructive empty:hidden">
        {error}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`${id}-count`} className="text-xs text-muted-foreground">
          {text.trim().length.toLocaleString("en-GB")} of {NOTE_MAX_LENGTH.toLocaleString("en-GB")} characters
        </p>
        <div className="flex gap-2">
          {onCancel && (
            <Button type="button" variant="ghost" size="sm" onClick={onCancel} disabled={send.pending}>
              Cancel
            </Button>
          )}
          <Button type="submit" size="sm" disabled={send.pending}>
            {send.pending ? pendingText : submit}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** One note: its text, who wrote it and when (and when it was edited), with Edit and Delete for those allowed. */
function Note({ note }: { note: NoteView }) {
  const [editing, setEditing] = useState(false);
  const remove = useAdminAction({
    request: () => adminApi.note(note.id).remove(),
    succeeded: { title: "Note deleted" },
    failed: "Could not delete the note",
  });
  const when = `${utcDateTime.format(note.createdAt)} UTC`;
  return (
    <li className="grid gap-2 rounded-md border p-3" data-testid="entry-note">
      <p className="text-xs text-muted-foreground">
        <span className="font-medium text-foreground">{note.authorEmail}</span> ·{" "}
        <time dateTime={note.createdAt.toISOString()}>{when}</time>
        {note.updatedAt && (
          <>
            {" "}
            · edited <time dateTime={note.updatedAt.toISOString()}>{utcDateTime.format(note.updatedAt)} UTC</time>
          </>
        )}
      </p>
      {editing ? (
        <NoteForm
          label="Edit the note"
          initial={note.body}
          submit="Save"
          pendingText="Saving..."
          request={(body) => adminApi.note(note.id).edit(body)}
          succeeded="Note saved"
          onDone={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <p className="text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">{note.body}</p>
      )}
      {note.canChange && !editing && (
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <PencilIcon aria-hidden="true" />
            Edit<span className="sr-only"> the note of {when}</span>
          </Button>
          <ConfirmButton
            trigger={
              <Button variant="outline" size="sm">
                <Trash2Icon aria-hidden="true" />
                Delete<span className="sr-only"> the note of {when}</span>
              </Button>
            }
            title="Delete this note?"
            description="The note will be gone for everyone. This cannot be undone."
            confirm="Delete note"
            pending="Deleting..."
            action={remove}
          />
        </div>
      )}
    </li>
  );
}

/**
 * The team's notes on an entry, oldest first, and a field to add one. Each note says who wrote it and when;
 * its author or a full admin may edit or delete it. A viewer reads them only.
 */
export function EntryNotes({ id, notes }: { id: number; notes: NoteView[] }) {
  const canWrite = useAdminCan("note");
  return (
    <div className="grid gap-4">
      {notes.length === 0 ? (
        <p className="text-sm text-muted-foreground">No notes yet.</p>
      ) : (
        <ul className="grid gap-3">
          {notes.map((note) => (
            <Note key={note.id} note={note} />
          ))}
        </ul>
      )}
      {canWrite && (
        <NoteForm
          label="Add a note"
          initial=""
          submit="Add note"
          pendingText="Adding..."
          request={(body) => adminApi.waitlist.entry(id).addNote(body)}
          succeeded="Note added"
        />
      )}
    </div>
  );
}
