"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Loader2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";

import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { siteConfig } from "@/config/site";
import { adminApi, ApiError, isDatabaseUnavailable, serverMessage } from "@/lib/api";
import { loginSchema, type LoginInput } from "@/lib/validation/admin";

type LoginOutput = z.output<typeof loginSchema>;

type LoginResponse =
  | { message: string; admin: { name: string; email: string }; secondStep?: undefined }
  | { message: string; secondStep: { next: string } };

/** The id of the login card's failure message, which the form names as its description. */
export const LOGIN_ERROR_ID = "login-form-error";

/**
 * The sign-in form: validates like the server, says how it went in a toast and, for a failure, on the card
 * next to the fields too, and goes to /admin on success (or to the second step, for an admin who has one).
 */
export function LoginForm() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const form = useForm<LoginInput, unknown, LoginOutput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);

  const login = useMutation({
    mutationFn: async (values: LoginOutput) => (await (await adminApi.login(values)).json()) as LoginResponse,
    onMutate: () => setFailure(null),
    onSuccess: (result) => {
      if (result.secondStep) {
        router.replace(result.secondStep.next);
        return;
      }
      const { admin } = result;
      toast.success("Login successful", {
        description: `Welcome back, ${admin.name}. You're now in the ${siteConfig.name} admin dashboard.`,
      });
      // A new session: nothing cached from an earlier one may show.
      queryClient.clear();
      router.replace("/admin");
    },
    onError: (error) => {
      const message = serverMessage(error);
      if (!(error instanceof ApiError)) {
        const description = "There was a problem connecting to the server. Please try again.";
        toast.error("Login error", { description });
        setFailure("Sign-in failed: the server could not be reached. Check your connection and try again.");
      } else if (isDatabaseUnavailable(error)) {
        const description = "Database connection is unavailable. Our team is working on it.";
        toast.error("Login error", { description });
        setFailure("Sign-in failed: the database is unavailable right now. Please try again in a few minutes.");
      } else {
        const description = message ?? "Invalid email or password";
        toast.error("Login failed", { description });
        // Said in other words on the card than in the toast: the two are read together, not twice over.
        setFailure(
          error.status === 401
            ? "Sign-in failed: the email or password is not right."
            : `Sign-in failed. ${description}`,
        );
        form.setFocus("password");
      }
    },
  });
  const busy = login.isPending || login.isSuccess;

  return (
    <form
      noValidate
      aria-describedby={LOGIN_ERROR_ID}
      onSubmit={form.handleSubmit((values) => login.mutate(values))}
      className="grid gap-5"
    >
      {/* Always present, so the announcement is heard when it appears; empty, it takes no space. */}
      <p
        id={LOGIN_ERROR_ID}
        role="alert"
        className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm font-medium text-destructive empty:hidden"
      >
        {failure}
      </p>
      <FormField id="login-email" label="Email" error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="username"
            inputMode="email"
            spellCheck={false}
            {...form.register("email")}
          />
        )}
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password?.message}>
        {(control) => (
          <Input {...control} type="password" autoComplete="current-password" {...form.register("password")} />
        )}
      </FormField>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? (
          <>
            <Loader2Icon className="animate-spin" aria-hidden="true" />
            Signing in...
          </>
        ) : (
          "Sign In"
        )}
      </Button>
    </form>
  );
}
