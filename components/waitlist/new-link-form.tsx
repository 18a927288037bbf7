"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { signupProof } from "@/components/waitlist/signup-proof";
import { emailLinkCopy } from "@/content/email-links";
import { apiRequest, serverMessage } from "@/lib/api";
import { CHALLENGE_FIELD } from "@/lib/validation/challenge";
import { newLinkSchema, type NewLinkInput } from "@/lib/validation/waitlist";

const copy = emailLinkCopy.confirm;

/** "Send me a new link": asks for the address and says the same thing whatever the server knows of it. */
export function NewLinkForm() {
  const form = useForm<NewLinkInput>({ resolver: zodResolver(newLinkSchema), defaultValues: { email: "" } });
  const [status, setStatus] = useState<{ kind: "sent" | "error"; text: string } | null>(null);
  const { errors, isSubmitting } = form.formState;
  // Like a signup, a request for a new link carries a proof of work, worked out from the field's first focus.
  const [proof] = useState(() => signupProof());

  async function onSubmit(values: NewLinkInput) {
    setStatus(null);
    try {
      const solved = await proof.take();
      const body = solved ? { ...values, [CHALLENGE_FIELD]: solved } : values;
      const response = await apiRequest("POST", "/api/waitlist/confirm/resend", body);
      setStatus({ kind: "sent", text: ((await response.json()) as { message: string }).message });
    } catch (error) {
      setStatus({ kind: "error", text: serverMessage(error) ?? copy.newLinkFailed });
    }
  }

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
      onFocus={proof.start}
      className="mx-auto mt-4 grid w-full max-w-sm gap-4 text-left"
    >
      <FormField id="new-link-email" label={copy.newLinkLabel} error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            {...form.register("email")}
          />
        )}
      </FormField>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? copy.newLinkSending : copy.newLinkButton}
      </Button>
      <p
        role="status"
        aria-live="polite"
        className={status?.kind === "error" ? "text-sm text-destructive" : "text-sm text-muted-foreground"}
      >
        {status?.text}
      </p>
    </form>
  );
}
