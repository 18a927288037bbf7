"use client";

import { useState } from "react";

import type { AdminAction } from "@/components/admin/kit/use-admin-action";
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
import { Button } from "@/components/ui/button";

interface ConfirmButtonProps {
  /** The button that opens the question (a Button, as the dialog's trigger). */
  trigger: React.ReactElement;
  title: React.ReactNode;
  description: React.ReactNode;
  /** The confirming button's word ("Delete") and its word while the request runs ("Deleting..."). */
  confirm: string;
  pending: string;
  destructive?: boolean;
  action: AdminAction<void>;
  /** More to choose before confirming (a tick box), under the description. */
  children?: React.ReactNode;
}

/**
 * A button that asks first: "Delete Sam?", what it will do, Cancel and the confirming button. The dialog stays
 * open while the request runs (neither Escape nor Cancel can close it then), and closes when it is done.
 */
export function ConfirmButton({
  trigger,
  title,
  description,
  confirm,
  pending,
  destructive = true,
  action,
  children,
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={(next) => !action.pending && setOpen(next)}>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={action.pending}>Cancel</AlertDialogCancel>
          {/* A plain button rather than AlertDialog.Action, so the dialog stays open while the request runs. */}
          <Button
            variant={destructive ? "destructive" : "default"}
            disabled={action.pending}
            onClick={async () => {
              await action.run();
              setOpen(false);
            }}
          >
            {action.pending ? pending : confirm}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
