"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Loader2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";

import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { siteConfig } from "@/config/site";
import { ApiError, apiRequest, isDatabaseUnavailable, serverMessage } from "@/lib/api";
import { loginSchema, type LoginInput } from "@/lib/validation/admin";

type LoginOutput = z.output<typeof loginSchema>;

interface LoginResponse {
  message: string;
  admin: { name: string; email: string };
}

/** The sign-in form: validates like the server, says how it went in a toast, and goes to /admin on success. */
export function LoginForm() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const form = useForm<LoginInput, unknown, LoginOutput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors } = form.formState;

  const login = useMutation({
    mutationFn: async (values: LoginOutput) =>
      (await (await apiRequest("POST", "/api/admin/login", values)).json()) as LoginResponse,
    onSuccess: ({ admin }) => {
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
        toast.error("Login error", { description: "There was a problem connecting to the server. Please try again." });
      } else if (isDatabaseUnavailable(error)) {
        toast.error("Login error", { description: "Database connection is unavailable. Our team is working on it." });
      } else {
        toast.error("Login failed", { description: message ?? "Invalid email or password" });
        form.setFocus("password");
      }
    },
  });
  const busy = login.isPending || login.isSuccess;

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))} className="grid gap-5">
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
