"use client";

import { MailCheckIcon, Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";

import { ConfirmButton } from "@/components/admin/kit/confirm-button";
import { useAdminAction } from "@/components/admin/kit/use-admin-action";
import { useAdminCan } from "@/components/admin/role-context";
import { Button } from "@/components/ui/button";
import { apiRequest } from "@/lib/api";
import { formatNumber } from "@/lib/format";
import type { HeldAction } from "@/lib/validation/held";

const HELD_PATH = "/api/admin/waitlist/held";

const entries = (count: number) => `${formatNumber(count)} ${count === 1 ? "entry" : "entries"}`;

/** POST /api/admin/waitlist/held: how many were released or deleted (those no longer held are skipped). */
async function heldRequest(body: HeldAction): Promise<number> {
  const result = (await (await apiRequest("POST", HELD_PATH, body)).json()) as { released?: number; deleted?: number };
  return (body.action === "release" ? result.released : result.deleted) ?? 0;
}

/**
 * A held entry's own actions: Release (it gets its confirmation email now and joins the count) or Delete,
 * each after a question. Release shows the page again, as an ordinary entry; Delete goes back to the list.
 */
export function HeldEntryActions({ id, name, email }: { id: number; name: string; email: string }) {
  const router = useRouter();
  const canRelease = useAdminCan("release");
  const canDelete = useAdminCan("delete");
  const release = useAdminAction({
    request: () => heldRequest({ action: "release", ids: [id] }),
    succeeded: (released) =>
      released === 0
        ? { title: "Nothing to release", description: `${name} is no longer held: someone else got there first.` }
        : {
            title: "Entry released",
            description: `${name} (${email}) is on the list and their confirmation email is on its way.`,
          },
    failed: "Could not release the entry",
  });
  const remove = useAdminAction({
    request: () => heldRequest({ action: "delete", ids: [id] }),
    succeeded: (deleted) =>
      deleted === 0
        ? { title: "Nothing deleted", description: `${name} is no longer held, so they were left alone.` }
        : { title: "Entry deleted", description: `${name} (${email}) is gone.` },
    failed: "Could not delete the entry",
    onSuccess: (deleted) => {
      // The entry's page is gone with it: back to the list, drawn afresh so the sidebar's count follows.
      if (deleted === 0) return router.refresh();
      router.push("/admin");
      router.refresh();
    },
    refresh: false,
  });
  // A role that may do neither (a viewer) sees the notice alone.
  if (!canRelease && !canDelete) return null;
  return (
    <div className="flex flex-wrap gap-3">
      {canRelease && (
        <ConfirmButton
          trigger={
            <Button>
              <MailCheckIcon aria-hidden="true" />
              Release
            </Button>
          }
          title={`Release ${name}?`}
          description={`${name} (${email}) will be sent their confirmation email now and counted on the waiting list like any other signup.`}
          confirm="Release"
          pending="Releasing..."
          destructive={false}
          action={release}
        />
      )}
      {canDelete && (
        <ConfirmButton
          trigger={
            <Button variant="destructive">
              <Trash2Icon aria-hidden="true" />
              Delete
            </Button>
          }
          title={`Delete ${name}?`}
          description={`${name} (${email}) will be removed without ever being emailed. This cannot be undone.`}
          confirm="Delete"
          pending="Deleting..."
          action={remove}
        />
      )}
    </div>
  );
}

/**
 * Release or delete the held entries ticked in the list, after a question saying how many. The list is
 * drawn again afterwards and the selection cleared; entries no longer held are skipped by the server.
 */
export function HeldSelectionActions({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const count = ids.length;
  const canRelease = useAdminCan("release");
  const canDelete = useAdminCan("delete");
  const release = useAdminAction({
    request: () => heldRequest({ action: "release", ids }),
    succeeded: (released) =>
      released === 0
        ? { title: "Nothing to release", description: "None of the selected entries is held any more." }
        : { title: `Released ${entries(released)}`, description: "Their confirmation emails are on their way." },
    failed: "Could not release the entries",
    onSuccess: onDone,
  });
  const remove = useAdminAction({
    request: () => heldRequest({ action: "delete", ids }),
    succeeded: (deleted) =>
      deleted === 0
        ? { title: "Nothing deleted", description: "None of the selected entries is held any more." }
        : { title: `Deleted ${entries(deleted)}` },
    failed: "Could not delete the entries",
    onSuccess: onDone,
  });
  return (
    <>
      {canRelease && (
        <ConfirmButton
          trigger={
            <Button size="sm">
              <MailCheckIcon aria-hidden="true" />
              Release selected
            </Button>
          }
          title={`Release ${entries(count)}?`}
          description={`The ${count === 1 ? "selected entry" : `${formatNumber(count)} selected entries`} will be sent their confirmation email now and counted on the waiting list like any other signup.`}
          confirm={`Release ${entries(count)}`}
          pending="Releasing..."
          destructive={false}
          action={release}
        />
      )}
      {canDelete && (
        <ConfirmButton
          trigger={
            <Button size="sm" variant="destructive">
              <Trash2Icon aria-hidden="true" />
              Delete selected
            </Button>
          }
          title={`Delete ${entries(count)}?`}
          description={`The ${count === 1 ? "selected entry" : `${formatNumber(count)} selected entries`} will be removed without ever being emailed. This cannot be undone.`}
          confirm={`Delete ${entries(count)}`}
          pending="Deleting..."
          action={remove}
        />
      )}
    </>
  );
}
