"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2Icon, UserPlusIcon } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";

import { useAdminAction } from "@/components/admin/kit/use-admin-action";
import { RolePicker } from "@/components/admin/users/role-picker";
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
import { adminApi, ApiError } from "@/lib/api";
import { addAdminFormSchema, type AddAdminFormValues } from "@/lib/validation/admin";

type AddAdminOutput = z.output<typeof addAdminFormSchema>;
type FieldName = keyof AddAdminFormValues;

// Full rights unless the admin adding someone chooses a narrower role.
const EMPTY: AddAdminFormValues = { name: "", email: "", password: "", confirmPassword: "", role: "admin" };
const FIELDS: FieldName[] = ["name", "email", "password", "confirmPassword", "role"];

/**
 * The 'Add Admin' button and its dialog: validates, sends name, email, password and role (never the
 * confirmation). Admin is chosen until someone picks Member or Viewer.
 */
export function AddAdminDialog() {
  const [open, setOpen] = useState(false);
  const form = useForm<AddAdminFormValues, unknown, AddAdminOutput>({
    resolver: zodResolver(addAdminFormSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const create = useAdminAction({
    request: ({ name, email, password, role }: AddAdminOutput) => adminApi.users.add({ name, email, password, role }),
    succeeded: { title: "Success", description: "Admin user created successfully" },
    failed: "Failed to create admin",
    onSuccess: () => {
      setOpen(false);
      form.reset(EMPTY);
    },
    // Field errors from the server (e.g. the email already in use) go next to their fields too.
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      const fieldErrors = fieldErrorsOf(error.body);
      const first = FIELDS.find((field) => fieldErrors[field]?.[0]);
      for (const field of FIELDS) {
        const fieldMessage = fieldErrors[field]?.[0];
        if (fieldMessage) form.setError(field, { type: "server", message: fieldMessage });
      }
      if (first) form.setFocus(first);
    },
  });

  function onOpenChange(next: boolean) {
    if (create.pending) return;
    setOpen(next);
    // A closed dialog keeps no half-typed password.
    if (!next) form.reset(EMPTY);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <UserPlusIcon aria-hidden="true" />
          Add Admin
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add New Admin User</DialogTitle>
          <DialogDescription>
            They can sign in to the admin area straight away with this email and password.
          </DialogDescription>
        </DialogHeader>
        {/* Name and email, then the two passwords, side by side where there is room, so the whole form fits a
            laptop's screen; the buttons stay in sight at the foot of the dialog even when it scrolls. */}
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => void create.run(values))}
          className="grid gap-4 sm:grid-cols-2"
        >
          <FormField id="add-admin-name" label="Name" error={errors.name?.message}>
            {(control) => <Input {...control} autoComplete="off" {...form.register("name")} />}
          </FormField>
          <FormField id="add-admin-email" label="Email" error={errors.email?.message}>
            {(control) => (
              <Input {...control} type="email" autoComplete="off" spellCheck={false} {...form.register("email")} />
            )}
          </FormField>
          <FormField
            id="add-admin-password"
            label="Password"
            // One message at a time: the hint until the password is refused, then the reason instead.
            hint={errors.password ? undefined : "At least 8 characters."}
            error={errors.password?.message}
          >
            {(control) => (
              <Input {...control} type="password" autoComplete="new-password" {...form.register("password")} />
            )}
          </FormField>
          <FormField id="add-admin-confirm-password" label="Confirm Password" error={errors.confirmPassword?.message}>
            {(control) => (
              <Input {...control} type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
            )}
          </FormField>
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <RolePicker
                className="sm:col-span-2"
                id="add-admin-role"
                value={field.value}
                onValueChange={field.onChange}
                disabled={create.pending}
              />
            )}
          />
          <DialogFooter className="sticky bottom-0 z-10 -mx-6 -mb-6 border-t bg-background px-6 py-4 sm:col-span-2">
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={create.pending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={create.pending}>
              {create.pending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
              {create.pending ? "Creating..." : "Create Admin"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function fieldErrorsOf(body: string): Partial<Record<string, string[]>> {
  try {
    const parsed = JSON.parse(body) as { errors?: unknown };
    return parsed.errors && typeof parsed.errors === "object" ? (parsed.errors as Record<string, string[]>) : {};
  } catch {
    return {};
  }
}
