"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2Icon } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";

import { useSecurityRequest } from "@/components/admin/security/use-security-request";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { adminApi } from "@/lib/api";
import { totpFormSchema } from "@/lib/validation/second-factor";

interface Setup {
  qrSvg: string;
  secret: string;
}

/** What setting up a factor answers: new recovery codes when it was the first, and whether a sign-in ended with it. */
export interface EnrolResult {
  recoveryCodes: string[] | null;
  signedIn?: boolean;
}

/**
 * Setting up an authenticator app: the QR code and the key to type, then a first code from the app, without which
 * it does not count.
 */
export function TotpSetup({ onDone }: { onDone: (result: EnrolResult) => void }) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const start = useSecurityRequest();
  const confirm = useSecurityRequest();
  const form = useForm<z.input<typeof totpFormSchema>, unknown, z.output<typeof totpFormSchema>>({
    resolver: zodResolver(totpFormSchema),
    defaultValues: { code: "" },
  });

  if (!setup)
    return (
      <div className="grid justify-items-start gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={start.pending}
          onClick={async () => {
            const made = await start.send<Setup>(adminApi.security.startTotp);
            if (made) setSetup(made);
          }}
        >
          {start.pending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          Set up an authenticator app
        </Button>
        <p role="alert" className="text-sm font-medium text-destructive empty:hidden">
          {start.error}
        </p>
      </div>
    );

  return (
    <div className="grid gap-4">
      <ol className="grid list-decimal gap-4 pl-5 text-sm">
        <li>
          <div className="grid gap-2">
            <span>
              Scan this QR code with your authenticator app (such as Google Authenticator, 1Password or Authy).
            </span>
            <div
              role="img"
              aria-label="QR code to add this account to an authenticator app"
              className="size-44 rounded-md border bg-white p-1 [&>svg]:size-full"
              dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
            />
          </div>
        </li>
        <li>
          <div className="grid gap-1">
            <span>Or type this key into the app:</span>
            <code data-testid="totp-secret" className="w-fit rounded bg-muted px-2 py-1 font-mono text-sm break-all">
              {setup.secret}
            </code>
          </div>
        </li>
        <li>Enter the 6-digit code the app shows, to confirm it works.</li>
      </ol>
      <form
        noValidate
        className="grid max-w-xs gap-3"
        onSubmit={form.handleSubmit(async ({ code }) => {
          const result = await confirm.send<EnrolResult>(() => adminApi.security.confirmTotp(code));
          if (result) onDone(result);
          else form.setFocus("code");
        })}
      >
        <FormField
          id="totp-setup-code"
          label="6-digit code"
          error={form.formState.errors.code?.message ?? confirm.error ?? undefined}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              {...form.register("code")}
            />
          )}
        </FormField>
        <Button type="submit" disabled={confirm.pending} className="w-fit">
          {confirm.pending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          Confirm the app
        </Button>
      </form>
    </div>
  );
}
