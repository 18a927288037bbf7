"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";

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
import { apiRequest, adminFailureDescription } from "@/lib/api";

interface EntryActionsProps {
  id: number;
  name: string;
  email: string;
  status: string;
  confirmed: boolean;
}

/** One entry's actions: resend confirmation, invite or resend invitation, and delete (after naming the person). */
export function EntryActions({ id, name, email, status, confirmed }: EntryActionsProps) {
  const router = useRouter();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const after = (title: string) => ({
    onSuccess: () => {
      toast.success(title);
      router.refresh();
    },
    onError: (error: unknown) => {
      toast.error("That did not work", { description: adminFailureDescription(error) });
      router.refresh();
    },
  });
  const resend = useMutation({ mutationFn: () => apiRequest("POST", `/api/admin/waitlist/${id}/confirmation`), ...after("Confirmation email sent") });
  const invite = useMutation({
    mutationFn: () => apiRequest("POST", `/api/admin/waitlist/${id}/invitation`, { note: "" }),
    ...after(status === "waiting" ? "Invitation sent" : "Invitation sent again"),
  });
  const remove = useMutation({
    mutationFn: () => apiRequest("DELETE", `/api/admin/waitlist/${id}`),
    onSuccess: () => {
      toast.success("Entry deleted", { description: `${name} (${email}) and their emails are gone.` });
      router.push("/admin");
    },
    onError: (error: unknown) => {
      setConfirmDelete(false);
      toast.error("Could not delete the entry", { description: adminFailureDescription(error) });
    },
  });

  return (
    <div className="flex flex-wrap gap-3">
      {!confirmed && (
        <Button variant="outline" onClick={() => resend.mutate()} disabled={resend.isPending}>
          {resend.isPending ? "Sending..." : "Resend confirmation"}
        </Button>
      )}
      <Button onClick={() => invite.mutate()} disabled={invite.isPending}>
        {invite.isPending ? "Sending..." : status === "waiting" ? "Invite" : "Resend invitation"}
      </Button>
      <AlertDialog open={confirmDelete} onOpenChange={(next) => !remove.isPending && setConfirmDelete(next)}>
        <AlertDialogTrigger asChild>
          <Button variant="destructive">Delete this entry</Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete {name}?</AlertDialogTitle>
            <AlertDialogDescription>
              {name} ({email}) will be removed from the waiting list with every email sent to them. This cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
            <Button className={buttonVariants({ variant: "destructive" })} onClick={() => remove.mutate()} disabled={remove.isPending}>
              {remove.isPending ? "Deleting..." : "Delete"}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
