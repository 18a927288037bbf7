"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";

import { ConfirmButton } from "@/components/admin/kit/confirm-button";
import { useAdminAction } from "@/components/admin/kit/use-admin-action";
import { PasskeyAdd } from "@/components/admin/security/passkey-add";
import { PasswordCheckProvider, usePasswordCheck } from "@/components/admin/security/password-check";
import { RecoveryCodesDialog } from "@/components/admin/security/recovery-codes-list";
import { RenamePasskeyDialog } from "@/components/admin/security/rename-passkey-dialog";
import { TotpSetup, type EnrolResult } from "@/components/admin/security/totp-setup";
import { Button } from "@/components/ui/button";
import { adminApi } from "@/lib/api";
import { utcDateTime } from "@/lib/format";

/** One passkey as the section lists it (dates as ISO strings: the list is rendered on the server). */
export interface PasskeyItem {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

interface SecuritySettingsProps {
  totpSince: string | null;
  passkeys: PasskeyItem[];
  recoveryCodesLeft: number;
}

const when = (iso: string) => `${utcDateTime.format(new Date(iso))} UTC`;

function RemovePasskeyButton({ passkey }: { passkey: PasskeyItem }) {
  const withPassword = usePasswordCheck();
  const remove = useAdminAction({
    request: () => withPassword(() => adminApi.security.removePasskey(passkey.id)),
    succeeded: { title: "Passkey removed", description: `"${passkey.name}" no longer signs you in.` },
    failed: "Could not remove the passkey",
  });
  return (
    <ConfirmButton
      trigger={
        <Button variant="outline" size="sm" aria-label={`Remove passkey ${passkey.name}`}>
          Remove
        </Button>
      }
      title={`Remove the passkey "${passkey.name}"?`}
      description="It will no longer sign you in. You will be emailed that it was removed."
      confirm="Remove"
      pending="Removing..."
      action={remove}
    />
  );
}

/** One part of the section (passkeys, the app, recovery codes), under its own heading. */
function SecurityPart({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * Settings, Security: the admin's passkeys, authenticator app and recovery codes. New recovery codes are shown
 * here once, right after they are made. A change asks for the password again when the server wants it.
 */
export function SecuritySettings(props: SecuritySettingsProps) {
  return (
    <PasswordCheckProvider>
      <SecurityParts {...props} />
    </PasswordCheckProvider>
  );
}

function SecurityParts({ totpSince, passkeys, recoveryCodesLeft }: SecuritySettingsProps) {
  const router = useRouter();
  const withPassword = usePasswordCheck();
  const [codes, setCodes] = useState<string[] | null>(null);

  function enrolled(result: EnrolResult) {
    if (result.recoveryCodes) setCodes(result.recoveryCodes);
    router.refresh();
  }

  const removeApp = useAdminAction({
    request: () => withPassword(() => adminApi.security.removeTotp()),
    succeeded: { title: "Authenticator app removed" },
    failed: "Could not remove the authenticator app",
  });
  const regenerate = useAdminAction({
    request: async () =>
      (await (await withPassword(() => adminApi.security.newRecoveryCodes())).json()) as {
        recoveryCodes: string[];
      },
    succeeded: { title: "New recovery codes made", description: "Your old codes no longer work." },
    failed: "Could not make new recovery codes",
    onSuccess: ({ recoveryCodes }) => setCodes(recoveryCodes),
  });
  const hasFactor = totpSince !== null || passkeys.length > 0;

  return (
    <div className="grid gap-8">
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />

      <SecurityPart id="security-passkeys" title="Passkeys">
        {passkeys.length === 0 ? (
          <p className="text-sm text-muted-foreground">No passkeys yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Your passkeys">
            {passkeys.map((passkey) => (
              <li
                key={passkey.id}
                data-testid="passkey-row"
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3"
              >
                <div className="grid gap-0.5">
                  <span className="font-medium break-words">{passkey.name}</span>
                  <span className="text-sm text-muted-foreground">
                    Added {when(passkey.createdAt)}
                    {passkey.lastUsedAt ? `, last used ${when(passkey.lastUsedAt)}` : ", not used to sign in yet"}
                  </span>
                </div>
                <div className="flex gap-2">
                  <RenamePasskeyDialog passkey={passkey} />
                  <RemovePasskeyButton passkey={passkey} />
                </div>
              </li>
            ))}
          </ul>
        )}
        <PasskeyAdd onDone={enrolled} />
      </SecurityPart>

      <SecurityPart id="security-app" title="Authenticator app">
        {totpSince ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm">Set up {when(totpSince)}.</p>
            <ConfirmButton
              trigger={
                <Button variant="outline" size="sm">
                  Remove the app
                </Button>
              }
              title="Remove your authenticator app?"
              description="Its codes will no longer sign you in. You will be emailed that it was removed."
              confirm="Remove"
              pending="Removing..."
              action={removeApp}
            />
          </div>
        ) : (
          <TotpSetup onDone={enrolled} />
        )}
      </SecurityPart>

      <SecurityPart id="security-recovery" title="Recovery codes">
        <p className="text-sm text-muted-foreground">
          {hasFactor
            ? `${recoveryCodesLeft} of 10 unused. Each signs you in once if you lose your passkey or phone.`
            : "You get ten when you set up your first passkey or app."}
        </p>
        {hasFactor && (
          <ConfirmButton
            trigger={
              <Button variant="outline" className="w-fit">
                Make new recovery codes
              </Button>
            }
            title="Make new recovery codes?"
            description="Your current codes will stop working, and ten new ones will be shown once."
            confirm="Make new codes"
            pending="Making..."
            destructive={false}
            action={regenerate}
          />
        )}
      </SecurityPart>
    </div>
  );
}
