"use client";

import { ConfirmButton } from "@/components/admin/kit/confirm-button";
import { useAdminAction } from "@/components/admin/kit/use-admin-action";
import type { AdminListItem } from "@/components/admin/users/admin-users";
import { Button } from "@/components/ui/button";
import { adminApi } from "@/lib/api";

/** "Reset second factor" of another admin who lost their device, behind a confirmation dialog. */
export function ResetSecondFactorButton({ admin }: { admin: AdminListItem }) {
  const reset = useAdminAction({
    request: () => adminApi.users.resetSecondFactor(admin.id),
    succeeded: {
      title: "Second factor reset",
      description: `${admin.name} has been signed out and will set up a new second factor at their next sign-in.`,
    },
    failed: "Could not reset the second factor",
  });
  return (
    <ConfirmButton
      trigger={
        <Button variant="outline" size="sm" aria-label={`Reset second factor of ${admin.name}`}>
          Reset second factor
        </Button>
      }
      title={`Reset ${admin.name}'s second factor?`}
      description={`${admin.name} (${admin.email}) loses their passkeys, authenticator app and recovery codes, and is signed out everywhere. They will be emailed. Do this only when you are sure it is them asking.`}
      confirm="Reset"
      pending="Resetting..."
      action={reset}
    />
  );
}
