"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { startAuthentication } from "@simplewebauthn/browser";
import { useQueryClient } from "@tanstack/react-query";
import { KeyRoundIcon, Loader2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";

import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { siteConfig } from "@/config/site";
import { LOGIN_PATH } from "@/lib/admin-paths";
import { adminApi, ApiError, serverMessage } from "@/lib/api";
import { recoveryFormSchema, totpFormSchema } from "@/lib/validation/second-factor";

type Mode = "totp" | "recovery";

interface SignedIn {
  admin: { name: string };
}

/**
 * The sign-in's second step: the admin's passkey, a code from their authenticator app, or a recovery code. A
 * refusal is said next to the field; an expired half sign-in goes back to the password.
 */
export function SecondStepForm({ passkey, totp }: { passkey: boolean; totp: boolean }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>(totp ? "totp" : "recovery");
  const [error, setError] = useState<{ kind: "passkey" | "code"; message: string } | null>(null);
  const [busy, setBusy] = useState<"passkey" | "code" | "done" | null>(null);
  const schema = mode === "totp" ? totpFormSchema : recoveryFormSchema;
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { code: "" },
  });

  async function verify(body: unknown, kind: "passkey" | "code") {
    setError(null);
    setBusy(kind);
    try {
      const { admin } = (await (await adminApi.verifySecondStep(body)).json()) as SignedIn;
      setBusy("done");
      toast.success("Login successful", {
        description: `Welcome back, ${admin.name}. You're now in the ${siteConfig.name} admin dashboard.`,
      });
      queryClient.clear();
      router.replace("/admin");
    } catch (failure) {
      setBusy(null);
      if (failure instanceof ApiError && failure.status === 401 && /expired/.test(serverMessage(failure) ?? "")) {
        toast.error("Sign-in expired", { description: serverMessage(failure) ?? undefined });
        router.replace(LOGIN_PATH);
        return;
      }
      setError({
        kind,
        message:
          failure instanceof ApiError
            ? (serverMessage(failure) ?? "That did not work. Please try again.")
            : "There was a problem connecting to the server. Please try again.",
      });
      if (kind === "code") form.setFocus("code");
    }
  }

  async function signInWithPasskey() {
    setError(null);
    setBusy("passkey");
    let response;
    try {
      const options = await (await adminApi.passkeySignInOptions()).json();
      response = await startAuthentication(options);
    } catch (failure) {
      setBusy(null);
      setError({
        kind: "passkey",
        message:
          failure instanceof ApiError
            ? (serverMessage(failure) ?? "The passkey could not be used. Please try again.")
            : "No passkey was used: the prompt was cancelled or timed out. Try again, or use another way below.",
      });
      return;
    }
    await verify({ method: "passkey", response }, "passkey");
  }

  const codeError = form.formState.errors.code?.message ?? (error?.kind === "code" ? error.message : undefined);

  return (
    <div className="grid gap-6">
      {passkey && (
        <div className="grid gap-2">
          <Button type="button" onClick={signInWithPasskey} disabled={busy !== null} className="w-full">
            {busy === "passkey" ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <KeyRoundIcon aria-hidden="true" />
            )}
            Use your passkey
          </Button>
          <p
            id="second-step-passkey-error"
            aria-live="polite"
            className="text-sm font-medium text-destructive empty:hidden"
          >
            {error?.kind === "passkey" ? error.message : null}
          </p>
          <p className="text-center text-sm text-muted-foreground">or</p>
        </div>
      )}
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit(({ code }) => verify({ method: mode, code }, "code"))}
      >
        <FormField
          key={mode}
          id={`second-step-${mode}`}
          label={mode === "totp" ? "Code from your authenticator app" : "Recovery code"}
          hint={
            mode === "totp"
              ? "The 6-digit code your app shows now."
              : "One of the ten codes you saved, such as abcde-23456."
          }
          error={codeError}
        >
          {(control) => (
            <Input
              {...control}
              inputMode={mode === "totp" ? "numeric" : "text"}
              autoComplete={mode === "totp" ? "one-time-code" : "off"}
              spellCheck={false}
              maxLength={mode === "totp" ? 7 : 11}
              {...form.register("code")}
            />
          )}
        </FormField>
        <Button type="submit" variant={passkey ? "outline" : "default"} disabled={busy !== null} className="w-full">
          {busy === "code" && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          {busy === "code" ? "Checking..." : "Verify"}
        </Button>
      </form>
      {totp && (
        <Button
          type="button"
          variant="link"
          className="justify-self-center"
          onClick={() => {
            setMode(mode === "totp" ? "recovery" : "totp");
            setError(null);
            form.reset({ code: "" });
          }}
        >
          {mode === "totp" ? "Use a recovery code instead" : "Use your authenticator app instead"}
        </Button>
      )}
    </div>
  );
}
