"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Loader2Icon } from "lucide-react";
import { useEffect, useId, useState } from "react";

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
import { adminFailureDescription, apiRequest } from "@/lib/api";
import { formatNumber } from "@/lib/format";
import { invitationNoteSchema, type WaitlistFilter } from "@/lib/validation/waitlist-query";

/** Who to invite, as POST /api/admin/waitlist/invitations takes it, without the note. */
export type InvitationTargetBody =
  { ids: number[] } | { filter: WaitlistFilter; limit: number; includeUnconfirmed: boolean };

interface InvitationPreview {
  count: number;
  subject: string;
  html: string;
  text: string;
}

/** How long typing in the note must pause before the preview is rendered again. */
const PREVIEW_DEBOUNCE_MS = 400;

const people = (count: number) => `${formatNumber(count)} ${count === 1 ? "person" : "people"}`;

interface InviteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** Who to invite; null while the controls above the note hold something invalid (nothing is previewed). */
  target: InvitationTargetBody | null;
  /** Controls that choose the target (how many, whether to include the unconfirmed), shown above the note. */
  children?: React.ReactNode;
  onInvited?: () => void;
}

/**
 * The confirmation before an invitation batch: how many people it invites now (entries already invited or
 * accepted are skipped), the email as they will see it, and the team's personal note, editable, with the
 * preview following it. Sending invites them in one request and renders the list again.
 */
export function InviteDialog({
  open,
  onOpenChange,
  title,
  description,
  target,
  children,
  onInvited,
}: InviteDialogProps) {
  const id = useId();
  const [note, setNote] = useState("");
  const [previewNote, setPreviewNote] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setPreviewNote(note), PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [note]);

  // The same rule the server applies to the note.
  const noteCheck = invitationNoteSchema.safeParse({ note });
  const noteError = noteCheck.success ? undefined : noteCheck.error.issues[0]?.message;
  const previewValid = invitationNoteSchema.safeParse({ note: previewNote }).success;

  const preview = useQuery({
    queryKey: ["invitation-preview", target, previewNote],
    queryFn: async (): Promise<InvitationPreview> =>
      (await apiRequest("POST", "/api/admin/waitlist/invitations/preview", { ...target, note: previewNote })).json(),
    enabled: open && target !== null && previewValid,
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

  const invite = useAdminAction({
    request: async (): Promise<{ invited: number }> =>
      (await apiRequest("POST", "/api/admin/waitlist/invitations", { ...target, note })).json(),
    succeeded: ({ invited }) => ({
      title: invited === 0 ? "No one was invited" : `Invited ${people(invited)}`,
      description:
        invited === 0 ? "Everyone chosen had been invited already." : "Their invitation emails are on their way.",
    }),
    failed: "Could not send the invitations",
    onSuccess: () => {
      onOpenChange(false);
      setNote("");
      onInvited?.();
    },
  });

  const count = target === null ? undefined : preview.data?.count;
  const counting = target !== null && (preview.isPending || preview.isPlaceholderData);
  let countText: string;
  if (target === null) countText = "Choose how many to invite.";
  else if (preview.isError) countText = `The preview could not be loaded: ${adminFailureDescription(preview.error)}`;
  else if (count === undefined) countText = "Counting...";
  else if (count === 0) countText = "No one to invite: everyone chosen has been invited already, or no entry matches.";
  else countText = `${people(count)} will be invited. Entries already invited or accepted are skipped.`;

  return (
    <Dialog open={open} onOpenChange={(next) => !invite.pending && onOpenChange(next)}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!noteError && count) void invite.run();
          }}
        >
          {children}
          <p role="status" aria-live="polite" className="flex items-center gap-2 text-sm font-medium">
            {counting && <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />}
            {countText}
          </p>
          <FormField
            id={`${id}-note`}
            label="Personal note (optional)"
            hint="Shown in the email above the Get started button."
            error={noteError}
          >
            {(control) => (
              <textarea
                {...control}
                value={note}
                onChange={(event) => setNote(event.target.value)}
                rows={3}
                maxLength={1000}
                className="w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none aria-invalid:border-destructive md:text-sm"
              />
            )}
          </FormField>
          <section aria-labelledby={`${id}-preview`} className="grid gap-2">
            <h3 id={`${id}-preview`} className="text-sm font-medium">
              Email preview{preview.data ? `: ${preview.data.subject}` : ""}
            </h3>
            {preview.data ? (
              <iframe
                title="Preview of the invitation email"
                sandbox=""
                srcDoc={preview.data.html}
                className="h-72 w-full rounded-md border bg-white"
              />
            ) : (
              <div className="flex h-72 items-center justify-center rounded-md border text-sm text-muted-foreground">
                {preview.isError ? "No preview" : "Loading the preview..."}
              </div>
            )}
          </section>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={invite.pending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={invite.pending || counting || !count || !!noteError}>
              {invite.pending ? "Inviting..." : count ? `Invite ${people(count)}` : "Invite"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
