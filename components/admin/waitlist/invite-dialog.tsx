"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Loader2Icon } from "lucide-react";
import { useEffect, useId, useState } from "react";

import { useAdminAction } from "@/components/admin/kit/use-admin-action";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
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
import { Label } from "@/components/ui/label";
import { adminApi, adminFailureDescription } from "@/lib/api";
import { formatNumber } from "@/lib/format";
import { invitationNoteSchema, type WaitlistFilter } from "@/lib/validation/waitlist-query";

/** Who to invite, as adminApi.waitlist.invite takes it, without the note. */
export type InvitationTargetBody =
  | { ids: number[]; includeUnconfirmed: boolean }
  | { filter: WaitlistFilter; limit: number; includeUnconfirmed: boolean };

interface InvitationPreview {
  count: number;
  /** How many of the entries chosen (the unconfirmed included) never confirmed their address. */
  unconfirmed: number;
  subject: string;
  html: string;
  text: string;
}

/**
 * How many of those chosen never confirmed their address, and the choice to invite them too: left out until
 * the team ticks it, since their confirmation email promised them one reminder, and nothing beyond it, unless they
 * confirmed.
 */
function UnconfirmedChoice({
  id,
  unconfirmed,
  include,
  onIncludeChange,
}: {
  id: string;
  unconfirmed: number;
  include: boolean;
  onIncludeChange: (include: boolean) => void;
}) {
  const them = unconfirmed === 1 ? "1 of them" : `${formatNumber(unconfirmed)} of them`;
  return (
    <div className="grid gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm" data-testid="unconfirmed">
      <p id={`${id}-note`}>
        {them} never confirmed their email address{include ? ", and will be invited too." : ", and will be left out."}{" "}
        Their confirmation email told them one reminder would follow, and nothing more, unless they confirmed.
      </p>
      <div className="flex items-center gap-2">
        <Checkbox
          id={id}
          aria-describedby={`${id}-note`}
          checked={include}
          onCheckedChange={(value) => onIncludeChange(value === true)}
        />
        <Label htmlFor={id}>
          Invite the {unconfirmed === 1 ? "one" : formatNumber(unconfirmed)} who never confirmed too
        </Label>
      </div>
    </div>
  );
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
  /**
   * The dialog says how many of those chosen never confirmed their address and offers to include them (left
   * out until ticked: their confirmation email promised one reminder at most unless they confirmed).
   */
  unconfirmedChoice?: { include: boolean; onIncludeChange: (include: boolean) => void };
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
  unconfirmedChoice,
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
      (await adminApi.waitlist.previewInvitations({ ...target, note: previewNote })).json(),
    enabled: open && target !== null && previewValid,
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

  const invite = useAdminAction({
    request: async (): Promise<{ invited: number }> => (await adminApi.waitlist.invite({ ...target, note })).json(),
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
  else if (count === 0 && unconfirmedChoice && !unconfirmedChoice.include && preview.data?.unconfirmed)
    countText = "No one to invite while those who never confirmed are left out.";
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
          {unconfirmedChoice && target !== null && !!preview.data?.unconfirmed && (
            <UnconfirmedChoice
              id={`${id}-unconfirmed`}
              unconfirmed={preview.data.unconfirmed}
              include={unconfirmedChoice.include}
              onIncludeChange={unconfirmedChoice.onIncludeChange}
            />
          )}
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
