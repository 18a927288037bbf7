"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { startRegistration } from "@simplewebauthn/browser";
import { Loader2Icon } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";

import type { EnrolResult } from "@/components/admin/security/totp-setup";
import { useSecurityRequest } from "@/components/admin/security/use-security-request";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { adminApi } from "@/lib/api";
import { passkeyNameFormSchema } from "@/lib/validation/second-factor";

/** Adding a passkey: a name to know it by, then the browser's own prompt (fingerprint, face, PIN or security key). */
export function PasskeyAdd({ onDone }: { onDone: (result: EnrolResult) => void }) {
  const request = useSecurityRequest();
  const [prompting, setPrompting] = useState(false);
  const form = useForm<z.input<typeof passkeyNameFormSchema>, unknown, z.output<typeof passkeyNameFormSchema>>({
    resolver: zodResolver(passkeyNameFormSchema),
    defaultValues: { name: "" },
  });
  const busy = request.pending || prompting;

  return (
    <form
      noValidate
      className="grid max-w-sm gap-3"
      onSubmit={form.handleSubmit(async ({ name }) => {
        const options = await request.send<Parameters<typeof startRegistration>[0]>(adminApi.security.passkeyOptions);
        if (!options) return;
        setPrompting(true);
        let response;
        try {
          response = await startRegistration(options);
        } catch {
          request.setError("No passkey was made: the prompt was cancelled or timed out. Please try again.");
          return;
        } finally {
          setPrompting(false);
        }
        const result = await request.send<EnrolResult>(() => adminApi.security.addPasskey(name, response));
        if (result) {
          form.reset();
          onDone(result);
        }
      })}
    >
      <FormField
        id="passkey-name"
        label="Passkey name"
        hint="So you can tell your passkeys apart, such as Work laptop."
        error={form.formState.errors.name?.message ?? request.error ?? undefined}
      >
        {(control) => <Input {...control} autoComplete="off" maxLength={60} {...form.register("name")} />}
      </FormField>
      <Button type="submit" disabled={busy} className="w-fit">
        {busy && <Loader2Icon className="animate-spin" aria-hidden="true" />}
        Add a passkey
      </Button>
    </form>
  );
}
