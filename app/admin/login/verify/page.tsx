import type { Metadata } from "next";
import Link from "next/link";

import { LoginCard } from "@/components/admin/login/login-card";
import { SecondStepForm } from "@/components/admin/security/second-step-form";
import { requirePendingPageAdmin } from "@/lib/auth/current-admin";
import { secondFactorStatus } from "@/lib/data/second-factor";

export const metadata: Metadata = {
  title: "Confirm it's you",
  robots: { index: false, follow: false },
};

/** The sign-in's second step, for an admin whose password was right and who has a second factor. */
export default async function SecondStepPage() {
  const pending = await requirePendingPageAdmin("second-step");
  const status = await secondFactorStatus(pending.id);
  const passkey = status.passkeys > 0;
  const totp = status.totpSince !== null;
  return (
    <LoginCard
      title="Confirm it's you"
      description={
        passkey
          ? `Use your passkey${totp ? ", or a code from your authenticator app," : ""} to finish signing in as ${pending.email}.`
          : `Enter a code from your authenticator app to finish signing in as ${pending.email}.`
      }
    >
      <SecondStepForm passkey={passkey} totp={totp} />
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Lost your device and your recovery codes? Ask an admin with full rights to reset your second factor. The only
        admin? Whoever runs the server can reset it with{" "}
        <code className="rounded bg-muted px-1 py-0.5 text-xs">
          npm run admin:reset-second-factor -- --email {pending.email}
        </code>
        .{" "}
        <Link href="/admin/login" className="font-medium text-primary underline underline-offset-4">
          Start again
        </Link>
      </p>
    </LoginCard>
  );
}
