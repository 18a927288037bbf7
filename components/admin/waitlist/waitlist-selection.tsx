"use client";

import { CheckIcon, MailPlusIcon } from "lucide-react";
import { Checkbox as CheckboxPrimitive } from "radix-ui";
import { createContext, use, useId, useMemo, useState, useSyncExternalStore } from "react";

import { useAdminCan } from "@/components/admin/shell/role-context";
import { HeldActions } from "@/components/admin/waitlist/held-actions";
import { InviteDialog, type InvitationTargetBody } from "@/components/admin/waitlist/invite-dialog";
import { TagSelectionButton } from "@/components/admin/waitlist/tag-dialog";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formatNumber } from "@/lib/format";
import {
  invitationLimitSchema,
  MAX_INVITATION_BATCH,
  waitlistFilterOf,
  type WaitlistViewState,
} from "@/lib/validation/waitlist-query";

interface Selection {
  /** False in the server's HTML, before the page's scripts run: the controls do nothing yet, so they say so. */
  interactive: boolean;
  pageIds: number[];
  selected: ReadonlySet<number>;
  /** Every entry matching the search and filters, not only this page's. */
  allMatching: boolean;
  toggle: (id: number, on: boolean) => void;
  togglePage: (on: boolean) => void;
  selectAllMatching: () => void;
  clear: () => void;
}

const SelectionContext = createContext<Selection | null>(null);

const noSubscription = () => () => {};
/** True once the page's scripts run (false while rendering on the server and hydrating). */
const useInteractive = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

function useSelection(): Selection {
  const selection = use(SelectionContext);
  if (!selection) throw new Error("Waitlist selection controls must be inside <WaitlistSelection>.");
  return selection;
}

/**
 * The rows chosen on this page of the list, or every matching entry. The list renders again (and this
 * starts empty) whenever its search, filters, order or page change, so a selection never hides off-screen.
 */
export function WaitlistSelection({ pageIds, children }: { pageIds: number[]; children: React.ReactNode }) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const interactive = useInteractive();
  const value = useMemo<Selection>(
    () => ({
      interactive,
      pageIds,
      selected,
      allMatching,
      toggle: (id, on) => {
        setAllMatching(false);
        setSelected((current) => {
          const next = new Set(current);
          if (on) next.add(id);
          else next.delete(id);
          return next;
        });
      },
      togglePage: (on) => {
        setAllMatching(false);
        setSelected(new Set(on ? pageIds : []));
      },
      selectAllMatching: () => {
        setSelected(new Set(pageIds));
        setAllMatching(true);
      },
      clear: () => {
        setAllMatching(false);
        setSelected(new Set());
      },
    }),
    [interactive, pageIds, selected, allMatching],
  );
  return <SelectionContext value={value}>{children}</SelectionContext>;
}

/**
 * One row's checkbox, named after the person (Space toggles it). It looks as <Checkbox> does, through one class
 * (.row-checkbox in globals.css) rather than its utilities on each of the page's rows, and it is Radix's checkbox
 * without the hidden <input> that Root adds in the server's HTML for forms (the list is no form): the same button,
 * a few hundred bytes lighter on each row.
 */
export function RowCheckbox({ id, name }: { id: number; name: string }) {
  const { interactive, selected, toggle } = useSelection();
  return (
    <CheckboxPrimitive.unstable_Provider
      disabled={!interactive}
      checked={selected.has(id)}
      onCheckedChange={(checked) => toggle(id, checked === true)}
    >
      <CheckboxPrimitive.unstable_Trigger className="row-checkbox" aria-label={`Select ${name}`}>
        <CheckboxPrimitive.Indicator className="flex items-center justify-center text-current">
          <CheckIcon aria-hidden="true" className="size-4" />
        </CheckboxPrimitive.Indicator>
      </CheckboxPrimitive.unstable_Trigger>
    </CheckboxPrimitive.unstable_Provider>
  );
}

/** The header's checkbox: selects or clears every row on this page; mixed when some are chosen. */
export function PageCheckbox() {
  const { interactive, pageIds, selected, togglePage } = useSelection();
  const chosen = pageIds.filter((id) => selected.has(id)).length;
  const state = chosen === 0 ? false : chosen === pageIds.length ? true : "indeterminate";
  return (
    <Checkbox
      aria-label="Select every entry on this page"
      disabled={!interactive}
      checked={state}
      onCheckedChange={() => togglePage(state !== true)}
    />
  );
}

interface SelectionBarProps {
  view: WaitlistViewState;
  total: number;
  totalIsExact: boolean;
}

/**
 * Above the table: how many rows are chosen, "Select all N matching" once the whole page is, and the
 * invitation buttons: for the chosen rows, or for the next ones in the queue. On the list of signups held
 * for review (`held=yes`) the buttons release or delete the chosen rows instead: a held entry cannot be
 * invited until it is released.
 */
export function SelectionBar({ view, total, totalIsExact }: SelectionBarProps) {
  const { interactive, pageIds, selected, allMatching, selectAllMatching, clear } = useSelection();
  const [inviting, setInviting] = useState(false);
  // Those who never confirmed are left out unless the team ticks them in, each time the dialog opens.
  const [includeUnconfirmed, setIncludeUnconfirmed] = useState(false);
  const matching = totalIsExact ? formatNumber(total) : `${formatNumber(total)}+`;
  const wholePage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const heldList = view.held === "yes";
  const canTag = useAdminCan("tag");
  const canInvite = useAdminCan("invite");

  let target: InvitationTargetBody | null = null;
  let chosenText = "";
  if (allMatching) {
    // Everyone the admin chose, in line order (front first), up to one batch.
    target = {
      filter: waitlistFilterOf(view),
      limit: Math.min(totalIsExact ? total : MAX_INVITATION_BATCH, MAX_INVITATION_BATCH),
      includeUnconfirmed,
    };
    chosenText = `All ${matching} matching entries are selected.`;
  } else if (selected.size > 0) {
    target = { ids: [...selected], includeUnconfirmed };
    chosenText = `${formatNumber(selected.size)} selected on this page.`;
  }

  return (
    <div className="flex min-h-10 flex-wrap items-center justify-between gap-3 rounded-md border bg-muted/40 px-3 py-2 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {target ? (
          <>
            <p className="font-medium">{chosenText}</p>
            {/* Held entries are released or deleted by id, a page at a time: no "all matching" for them. */}
            {!heldList && !allMatching && wholePage && total > pageIds.length && (
              <Button variant="link" size="sm" className="h-auto p-0" onClick={selectAllMatching}>
                Select all {matching} matching
              </Button>
            )}
            <Button variant="link" size="sm" className="h-auto p-0" onClick={clear}>
              Clear selection
            </Button>
          </>
        ) : heldList ? (
          <p className="text-muted-foreground">Tick held entries to release or delete them.</p>
        ) : (
          <p className="text-muted-foreground">Tick entries to invite them, or invite the next ones in the queue.</p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {heldList && selected.size > 0 && <HeldActions selection={{ ids: [...selected], onDone: clear }} />}
        {canTag && target && (
          <TagSelectionButton
            target={"ids" in target ? { ids: target.ids } : { filter: target.filter }}
            chosen={
              allMatching
                ? `Every one of the ${matching} entries matching the search and filters.`
                : `The ${formatNumber(selected.size)} ${selected.size === 1 ? "entry" : "entries"} you ticked.`
            }
            onDone={clear}
          />
        )}
        {!heldList && canInvite && target && (
          <Button
            size="sm"
            onClick={() => {
              setIncludeUnconfirmed(false);
              setInviting(true);
            }}
          >
            <MailPlusIcon aria-hidden="true" />
            Invite selected
          </Button>
        )}
        {!heldList && canInvite && <InviteNext view={view} disabled={!interactive} />}
      </div>
      {!heldList && target && (
        <InviteDialog
          open={inviting}
          onOpenChange={setInviting}
          title="Invite the selected entries"
          description={
            allMatching
              ? `Everyone matching the search and filters who is still waiting, oldest signup first, at most ${formatNumber(MAX_INVITATION_BATCH)} at a time.`
              : "The entries you ticked that are still waiting."
          }
          target={target}
          unconfirmedChoice={{ include: includeUnconfirmed, onIncludeChange: setIncludeUnconfirmed }}
          onInvited={clear}
        />
      )}
    </div>
  );
}

/**
 * "Invite the next N": the front of the line among the entries matching the view (the places their status
 * pages show), confirmed ones unless told otherwise, who then follow in the order their entries were made.
 */
function InviteNext({ view, disabled }: { view: WaitlistViewState; disabled: boolean }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [limit, setLimit] = useState("10");
  const [includeUnconfirmed, setIncludeUnconfirmed] = useState(false);
  // The request's own rule for the number, so the dialog never previews what the server would refuse.
  const checked = limit.trim() === "" ? null : invitationLimitSchema.safeParse(Number(limit));
  const limitError =
    checked === null ? "Enter how many to invite" : checked.success ? undefined : checked.error.issues[0]?.message;
  const candidate = { filter: waitlistFilterOf(view), limit: Number(limit), includeUnconfirmed };
  return (
    <>
      <Button size="sm" variant="outline" disabled={disabled} onClick={() => setOpen(true)}>
        Invite the next…
      </Button>
      <InviteDialog
        open={open}
        onOpenChange={setOpen}
        title="Invite the next in the queue"
        description="The people at the front of the line among the entries your search and filters show, in the order of their places."
        target={limitError ? null : candidate}
      >
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr] sm:items-start">
          <FormField id={`${id}-limit`} label="How many" error={limitError}>
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_INVITATION_BATCH}
                step={1}
                value={limit}
                onChange={(event) => setLimit(event.target.value)}
              />
            )}
          </FormField>
          <div className="flex items-center gap-2 sm:mt-8">
            <Checkbox
              id={`${id}-unconfirmed`}
              checked={includeUnconfirmed}
              onCheckedChange={(value) => setIncludeUnconfirmed(value === true)}
            />
            <Label htmlFor={`${id}-unconfirmed`}>Include unconfirmed entries</Label>
          </div>
        </div>
      </InviteDialog>
    </>
  );
}
