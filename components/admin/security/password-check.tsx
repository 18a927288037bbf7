"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { createContext, useContext, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";

import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { adminApi, ApiError, serverCode, serverMessage } from "@/lib/api";
import { PASSWORD_NEEDED_CODE } from "@/lib/api-codes";
import { confirmPasswordSchema } from "@/lib/validation/admin";

// The server judges when a change to how an admin signs in needs their password again (lib/auth/fresh-password.ts):
// when it says so, this asks for it in a dialog and, once confirmed, sends the same request again.

type Check = <T>(request: () => Promise<T>) => Promise<T>;

const PasswordCheckContext = createContext<Check | null>(null);

/** Runs a request, asking for the password first when the server wants it; outside the provider, just runs it. */
export function usePasswordCheck(): Check {
  return useContext(PasswordCheckContext) ?? ((request) => request());
}

function needsPassword(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && serverCode(error) === PASSWORD_NEEDED_CODE;
}

type PasswordInput = z.input<typeof confirmPasswordSchema>;
type PasswordOutput = z.output<typeof confirmPasswordSchema>;

export function PasswordCheckProvider({ children }: { children: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The waiting request's way on: told whether the password was confirmed.
  const [settle, setSettle] = useState<((confirmed: boolean) => void) | null>(null);
  const form = useForm<PasswordInput, unknown, PasswordOutput>({
    resolver: zodResolver(confirmPasswordSchema),
    defaultValues: { password: "" },
  });

  function finish(confirmed: boolean) {
    settle?.(confirmed);
    setSettle(null);
    setOpen(false);
  }

  const check: Check = async (request) => {
    try {
      return await request();
    } catch (error) {
      if (!needsPassword(error)) throw error;
      const confirmed = await new Promise<boolean>((resolve) => {
        setSettle(() => resolve);
        form.reset({ password: "" });
        setFailure(null);
        setOpen(true);
      });
      if (!confirmed) throw error;
      return request();
    }
  };

  async function submit({ password }: PasswordOutput) {
    setFailure(null);
    try {
      await adminApi.security.confirmPassword(password);
      finish(true);
    } catch (error) {
      setFailure(
        error instanceof ApiError
          ? (serverMessage(error) ?? "That did not work. Please try again.")
          : "There was a problem connecting to the server. Please try again.",
      );
    }
  }

  const error = form.formState.errors.password?.message ?? failure ?? undefined;
  return (
    <PasswordCheckContext.Provider value={check}>
      {children}
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!next && !form.formState.isSubmitting) finish(false);
        }}
      >
        <DialogContent>
          <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Confirm your password</DialogTitle>
              <DialogDescription>
                Changing how you sign in needs your password when you last gave it more than 10 minutes ago.
              </DialogDescription>
            </DialogHeader>
            <FormField id="confirm-password" label="Password" error={error}>
              {(control) => (
                <Input {...control} type="password" autoComplete="current-password" {...form.register("password")} />
              )}
            </FormField>
            <DialogFooter>
              <Button
                type="button"
                variant="outline"
                onClick={() => finish(false)}
                disabled={form.formState.isSubmitting}
              >
                Cancel
              </Button>
              <Button type="submit" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? "Confirming..." : "Confirm"}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </PasswordCheckContext.Provider>
  );
}
