"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";

import { useAdminAction } from "@/components/admin/kit/use-admin-action";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { adminApi } from "@/lib/api";
import { passkeyNameFormSchema } from "@/lib/validation/second-factor";

type NameOutput = z.output<typeof passkeyNameFormSchema>;

/** "Rename" of one passkey: a dialog with its name, saved as the admin confirms. */
export function RenamePasskeyDialog({ passkey }: { passkey: { id: string; name: string } }) {
  const [open, setOpen] = useState(false);
  const form = useForm<z.input<typeof passkeyNameFormSchema>, unknown, NameOutput>({
    resolver: zodResolver(passkeyNameFormSchema),
    defaultValues: { name: passkey.name },
  });
  const rename = useAdminAction({
    request: ({ name }: NameOutput) => adminApi.security.renamePasskey(passkey.id, name),
    succeeded: { title: "Passkey renamed" },
    failed: "Could not rename the passkey",
    onSuccess: () => setOpen(false),
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (rename.pending) return;
        setOpen(next);
        if (next) form.reset({ name: passkey.name });
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Rename passkey ${passkey.name}`}>
          Rename
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form noValidate onSubmit={form.handleSubmit((values) => rename.run(values))} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Rename the passkey</DialogTitle>
            <DialogDescription>A name to tell it apart from your other passkeys.</DialogDescription>
          </DialogHeader>
          <FormField id={`rename-${passkey.id}`} label="Passkey name" error={form.formState.errors.name?.message}>
            {(control) => <Input {...control} autoComplete="off" maxLength={60} {...form.register("name")} />}
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={rename.pending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={rename.pending}>
              {rename.pending ? "Saving..." : "Save"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
