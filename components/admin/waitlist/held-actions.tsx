"use client";

import { MailCheckIcon, Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";

import { ConfirmButton } from "@/components/admin/kit/confirm-button";
import { useAdminAction } from "@/components/admin/kit/use-admin-action";
import { useAdminCan } from "@/components/admin/shell/role-context";
import { Button } from "@/components/ui/button";
import { adminApi } from "@/lib/api";
import { formatNumber } from "@/lib/format";
import type { HeldAction } from "@/lib/validation/held";

const entries = (count: number) => `${formatNumber(count)} ${count === 1 ? "entry" : "entries"}`;

/** How many were released or deleted (those no longer held are skipped by the server). */
async function heldRequest(body: HeldAction): Promise<number> {
  const result = (await (await adminApi.waitlist.held(body)).json()) as { released?: number; deleted?: number };
  return (body.action === "release" ? result.released : result.deleted) ?? 0;
}

type Toast = { title: string; description?: string };

/** What the held entries' actions act on: one entry, on its page, or the entries ticked in the held list. */
export type HeldTarget =
  { entry: { id: number; name: string; email: string } } | { selection: { ids: number[]; onDone: () => void } };

/** Everything that differs between acting on one entry and on a selection: the ids and the words. */
interface HeldWords {
  ids: number[];
  /** Who the questions' titles and buttons name. */
  who: string;
  /** Who the questions' descriptions start with. */
  subject: string;
  /** The buttons' words after Release or Delete: the selection's are "selected". */
  label: string;
  /** The confirm buttons' words after Release or Delete. */
  confirm: string;
  released: (count: number) => Toast;
  deleted: (count: number) => Toast;
  releaseFailed: string;
  deleteFailed: string;
}

function heldWords(target: HeldTarget): HeldWords {
  if ("entry" in target) {
    const { id, name, email } = target.entry;
    return {
      ids: [id],
      who: name,
      subject: `${name} (${email})`,
      label: "",
      confirm: "",
      released: (released) =>
        released === 0
          ? { title: "Nothing to release", description: `${name} is no longer held: someone else got there first.` }
          : {
              title: "Entry released",
              description: `${name} (${email}) is on the list and their confirmation email is on its way.`,
            },
      deleted: (deleted) =>
        deleted === 0
          ? { title: "Nothing deleted", description: `${name} is no longer held, so they were left alone.` }
          : { title: "Entry deleted", description: `${name} (${email}) is gone.` },
      releaseFailed: "Could not release the entry",
      deleteFailed: "Could not delete the entry",
    };
  }
  const { ids } = target.selection;
  const count = ids.length;
  return {
    ids,
    who: entries(count),
    subject: `The ${count === 1 ? "selected entry" : `${formatNumber(count)} selected entries`}`,
    label: " selected",
    confirm: ` ${entries(count)}`,
    released: (released) =>
      released === 0
        ? { title: "Nothing to release", description: "None of the selected entries is held any more." }
        : {
            title: `Released ${entries(released)}`,
            description:
              released === 1
                ? "Their confirmation email is on its way."
                : "Their confirmation emails are on their way.",
          },
    deleted: (deleted) =>
      deleted === 0
        ? { title: "Nothing deleted", description: "None of the selected entries is held any more." }
        : { title: `Deleted ${entries(deleted)}` },
    releaseFailed: "Could not release the entries",
    deleteFailed: "Could not delete the entries",
  };
}

/**
 * Release (each gets its confirmation email now and joins the count) or Delete held entries, each after a
 * question: one entry on its page, or the entries ticked in the held list. On an entry's page, Release shows
 * the page again, as an ordinary entry, and Delete goes back to the list; in the list, it is drawn again and
 * the selection cleared. A role that may do neither (a viewer) sees nothing here.
 */
export function HeldActions(target: HeldTarget) {
  const router = useRouter();
  const canRelease = useAdminCan("release");
  const canDelete = useAdminCan("delete");
  const words = heldWords(target);
  const selection = "selection" in target ? target.selection : null;
  const release = useAdminAction({
    request: () => heldRequest({ action: "release", ids: words.ids }),
    succeeded: words.released,
    failed: words.releaseFailed,
    onSuccess: selection?.onDone,
  });
  const remove = useAdminAction({
    request: () => heldRequest({ action: "delete", ids: words.ids }),
    succeeded: words.deleted,
    failed: words.deleteFailed,
    onSuccess: (deleted) => {
      if (selection) return selection.onDone();
      // The entry's page is gone with it: back to the list, drawn afresh so the sidebar's count follows.
      if (deleted === 0) return router.refresh();
      router.push("/admin");
      router.refresh();
    },
    // An entry's page draws itself afresh above, after leaving for the list.
    refresh: selection !== null,
  });
  if (!canRelease && !canDelete) return null;
  const size = selection ? "sm" : undefined;
  const buttons = (
    <>
      {canRelease && (
        <ConfirmButton
          trigger={
            <Button size={size}>
              <MailCheckIcon aria-hidden="true" />
              {`Release${words.label}`}
            </Button>
          }
          title={`Release ${words.who}?`}
          description={`${words.subject} will be sent their confirmation email now and counted on the waiting list like any other signup.`}
          confirm={`Release${words.confirm}`}
          pending="Releasing..."
          destructive={false}
          action={release}
        />
      )}
      {canDelete && (
        <ConfirmButton
          trigger={
            <Button size={size} variant="destructive">
              <Trash2Icon aria-hidden="true" />
              {`Delete${words.label}`}
            </Button>
          }
          title={`Delete ${words.who}?`}
          description={`${words.subject} will be removed without ever being emailed. This cannot be undone.`}
          confirm={`Delete${words.confirm}`}
          pending="Deleting..."
          action={remove}
        />
      )}
    </>
  );
  // In the selection bar the buttons sit among the bar's own; on an entry's page they need a row of their own.
  return selection ? buttons : <div className="flex flex-wrap gap-3">{buttons}</div>;
}
