"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";

import { ConfirmButton } from "@/components/admin/kit/confirm-button";
import { useAdminAction } from "@/components/admin/kit/use-admin-action";
import { useAdminCan } from "@/components/admin/shell/role-context";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { adminApi } from "@/lib/api";

interface EntryActionsProps {
  id: number;
  name: string;
  email: string;
  status: string;
  confirmed: boolean;
  /** A referral of theirs the rule withheld, with who referred them: offered "Credit anyway". */
  withheldReferral?: { referrerName: string; reason: string } | null;
}

/**
 * One entry's actions: resend confirmation (until they confirm), invite or resend invitation (until they
 * accept: an accepted invitation has done its work), credit anyway (a referral the rule withheld), and
 * delete (after naming the person), each only for a role that may take it (a viewer sees none).
 */
export function EntryActions({ id, name, email, status, confirmed, withheldReferral }: EntryActionsProps) {
  const router = useRouter();
  const canResend = useAdminCan("resend");
  const mayInvite = useAdminCan(status === "waiting" ? "invite" : "resend");
  const canInvite = mayInvite && status !== "accepted";
  const canDelete = useAdminCan("delete");
  const canCredit = useAdminCan("credit") && !!withheldReferral;
  // "And never import again": the address joins the suppression list, so no import of an old list brings them back.
  const [suppress, setSuppress] = useState(false);
  const resend = useAdminAction({
    request: () => adminApi.waitlist.entry(id).resendConfirmation(),
    succeeded: { title: "Confirmation email sent" },
    // The server's reason follows (sent too recently, say: it allows one every ten minutes, as the public form does).
    failed: "Confirmation email not sent",
  });
  const invite = useAdminAction({
    request: () => adminApi.waitlist.entry(id).invite(""),
    succeeded: { title: status === "waiting" ? "Invitation sent" : "Invitation sent again" },
    failed: "That did not work",
  });
  const creditAnyway = useAdminAction({
    request: () => adminApi.waitlist.entry(id).creditReferral(),
    succeeded: {
      title: "Referral credited",
      description: withheldReferral
        ? `${withheldReferral.referrerName} moves up as for any credited referral.`
        : undefined,
    },
    failed: "Referral not credited",
  });
  const remove = useAdminAction({
    request: () => adminApi.waitlist.entry(id).remove({ suppress }),
    succeeded: { title: "Entry deleted", description: `${name} (${email}) and their emails are gone.` },
    failed: "Could not delete the entry",
    // The entry's page is gone with it: back to the list.
    onSuccess: () => router.push("/admin"),
    refresh: false,
  });

  if (!canResend && !canInvite && !canDelete && !canCredit) return null;
  return (
    <div className="flex flex-wrap gap-3">
      {!confirmed && canResend && (
        <Button variant="outline" onClick={() => resend.run()} disabled={resend.pending}>
          {resend.pending ? "Sending..." : "Resend confirmation"}
        </Button>
      )}
      {canInvite && (
        <Button onClick={() => invite.run()} disabled={invite.pending}>
          {invite.pending ? "Sending..." : status === "waiting" ? "Invite" : "Resend invitation"}
        </Button>
      )}
      {canCredit && withheldReferral && (
        <ConfirmButton
          trigger={<Button variant="outline">Credit anyway</Button>}
          title={`Credit ${withheldReferral.referrerName} for ${name}?`}
          description={`The rule withheld this referral (${withheldReferral.reason}). Crediting it moves ${withheldReferral.referrerName} up as any credited referral does, tells them in their referral email, and is recorded in the audit log.`}
          confirm="Credit anyway"
          pending="Crediting..."
          action={creditAnyway}
        />
      )}
      {canDelete && (
        <ConfirmButton
          trigger={<Button variant="destructive">Delete this entry</Button>}
          title={`Delete ${name}?`}
          description={`${name} (${email}) will be removed from the waiting list with every email sent to them. This cannot be undone.`}
          confirm="Delete"
          pending="Deleting..."
          action={remove}
        >
          <div className="flex items-center gap-2">
            <Checkbox
              id="delete-suppress"
              checked={suppress}
              onCheckedChange={(value) => setSuppress(value === true)}
              disabled={remove.pending}
            />
            <Label htmlFor="delete-suppress">and never import {email} again</Label>
          </div>
        </ConfirmButton>
      )}
    </div>
  );
}
