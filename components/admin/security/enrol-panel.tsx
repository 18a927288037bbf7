"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";

import { PasskeyAdd } from "@/components/admin/security/passkey-add";
import { RecoveryCodesList } from "@/components/admin/security/recovery-codes-list";
import { TotpSetup, type EnrolResult } from "@/components/admin/security/totp-setup";
import { Button } from "@/components/ui/button";

/**
 * Setting up a second factor before the first session, for an admin the setting requires it of: a passkey or an
 * authenticator app. Once one works the admin is signed in, and sees their recovery codes before going on.
 */
export function EnrolPanel() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [done, setDone] = useState(false);

  function enrolled(result: EnrolResult) {
    queryClient.clear();
    if (result.recoveryCodes) {
      setCodes(result.recoveryCodes);
      setDone(true);
    } else router.replace("/admin");
  }

  if (done)
    return (
      <div className="grid gap-4">
        <p role="status" className="font-medium">
          Your second factor is set up and you are signed in.
        </p>
        {codes && <RecoveryCodesList codes={codes} />}
        <Button onClick={() => router.replace("/admin")}>I have saved my codes, continue</Button>
      </div>
    );

  return (
    <div className="grid gap-8">
      <section aria-labelledby="enrol-passkey" className="grid gap-3">
        <h2 id="enrol-passkey" className="text-lg font-semibold">
          A passkey
        </h2>
        <p className="text-sm text-muted-foreground">
          Your device&apos;s fingerprint, face or PIN, or a security key. The quickest and safest.
        </p>
        <PasskeyAdd onDone={enrolled} />
      </section>
      <section aria-labelledby="enrol-app" className="grid gap-3">
        <h2 id="enrol-app" className="text-lg font-semibold">
          Or an authenticator app
        </h2>
        <TotpSetup onDone={enrolled} />
      </section>
    </div>
  );
}
