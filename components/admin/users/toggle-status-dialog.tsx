"use client";

import { ConfirmButton } from "@/components/admin/kit/confirm-button";
import { useAdminAction } from "@/components/admin/kit/use-admin-action";
import type { AdminListItem } from "@/components/admin/users/admin-users";
import { Button } from "@/components/ui/button";
import { adminApi } from "@/lib/api";

/**
 * The Activate or Deactivate button of one admin, behind a confirmation dialog. Deactivating yourself ends
 * your own session, so drawing the page again then goes to the login page.
 */
export function ToggleStatusDialog({ admin, isCurrentAdmin }: { admin: AdminListItem; isCurrentAdmin: boolean }) {
  const deactivating = admin.isActive;
  const verb = deactivating ? "Deactivate" : "Activate";
  const toggle = useAdminAction({
    request: () => adminApi.users.setActive(admin.id, !admin.isActive),
    succeeded: {
      title: deactivating ? "Admin deactivated successfully" : "Admin activated successfully",
      description: deactivating
        ? `${admin.name} has been signed out and can no longer sign in.`
        : `${admin.name} can sign in again.`,
    },
    failed: "Failed to update status",
  });

  return (
    <ConfirmButton
      trigger={
        <Button variant={deactivating ? "outline" : "secondary"} size="sm" aria-label={`${verb} ${admin.name}`}>
          {verb}
        </Button>
      }
      title={`${verb} ${admin.name}?`}
      description={
        deactivating
          ? `${admin.name} (${admin.email}) will be signed out at once and will not be able to sign in until an admin activates the account again.${isCurrentAdmin ? " This is your own account: you will be signed out." : ""}`
          : `${admin.name} (${admin.email}) will be able to sign in to the admin area again.`
      }
      confirm={verb}
      pending={deactivating ? "Deactivating..." : "Activating..."}
      destructive={deactivating}
      action={toggle}
    />
  );
}
