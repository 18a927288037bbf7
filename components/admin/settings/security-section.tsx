import { LoadFailed, readSection } from "@/components/admin/kit/section";
import { SecuritySettings } from "@/components/admin/security/security-settings";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { listPasskeys } from "@/lib/data/passkeys";
import { secondFactorStatus } from "@/lib/data/second-factor";

/** The signed-in admin's second factor: read on the server, changed by the client part. */
export async function SecuritySection() {
  const admin = await requireCurrentAdmin();
  const data = await readSection("the second factor", async () => {
    const [status, passkeys] = await Promise.all([secondFactorStatus(admin.id), listPasskeys(admin)]);
    return { status, passkeys };
  });
  if (!data)
    return (
      <LoadFailed
        toastId="security-fetch"
        toastTitle="Failed to fetch your security settings"
        text="Error loading your security settings. Please try again."
      />
    );
  return (
    <SecuritySettings
      totpSince={data.status.totpSince?.toISOString() ?? null}
      recoveryCodesLeft={data.status.recoveryCodesLeft}
      passkeys={data.passkeys.map((key) => ({
        id: key.id,
        name: key.name,
        createdAt: key.createdAt.toISOString(),
        lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
      }))}
    />
  );
}
