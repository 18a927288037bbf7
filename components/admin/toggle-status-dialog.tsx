"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";

import { ADMIN_USERS_URL, type AdminListItem } from "@/components/admin/admin-users";
import { Button, buttonVariants } from "@/components/ui/button";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { ApiError, apiRequest, adminFailureDescription } from "@/lib/api";

/** The Activate or Deactivate button of one admin, behind a confirmation dialog. */
export function ToggleStatusDialog({ admin, isCurrentAdmin }: { admin: AdminListItem; isCurrentAdmin: boolean }) {
  const [open, setOpen] = useState(false);
  const router = useRouter();
  const deactivating = admin.isActive;
  const verb = deactivating ? "Deactivate" : "Activate";

  const toggle = useMutation({
    mutationFn: () => apiRequest("PATCH", `${ADMIN_USERS_URL}/${admin.id}/toggle-status`, { isActive: !admin.isActive }),
    onSuccess: () => {
      toast.success(deactivating ? "Admin deactivated successfully" : "Admin activated successfully", {
        description: deactivating ? `${admin.name} has been signed out and can no longer sign in.` : `${admin.name} can sign in again.`,
      });
      setOpen(false);
      // The list is rendered on the server: render it again. Deactivating yourself ended your own session,
      // so the layout then sends you to the login page.
      router.refresh();
    },
    onError: (error) => {
      setOpen(false);
      if (error instanceof ApiError && error.status === 401) router.refresh();
      toast.error("Failed to update status", {
        description: adminFailureDescription(error),
      });
    },
  });

  return (
    <AlertDialog open={open} onOpenChange={(next) => !toggle.isPending && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant={deactivating ? "outline" : "secondary"} size="sm" aria-label={`${verb} ${admin.name}`}>
          {verb}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            {verb} {admin.name}?
          </AlertDialogTitle>
          <AlertDialogDescription>
            {deactivating
              ? `${admin.name} (${admin.email}) will be signed out at once and will not be able to sign in until an admin activates the account again.${isCurrentAdmin ? " This is your own account: you will be signed out." : ""}`
              : `${admin.name} (${admin.email}) will be able to sign in to the admin area again.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={toggle.isPending}>Cancel</AlertDialogCancel>
          {/* A plain button rather than AlertDialog.Action, so the dialog stays open while the request runs. */}
          <button
            type="button"
            className={buttonVariants({ variant: deactivating ? "destructive" : "default" })}
            disabled={toggle.isPending}
            onClick={() => toggle.mutate()}
          >
            {toggle.isPending ? (deactivating ? "Deactivating..." : "Activating...") : verb}
          </button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
