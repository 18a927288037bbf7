import { LoadFailed, readSection } from "@/components/admin/kit/section";
import { TryOttoForm } from "@/components/admin/settings/try-otto-form";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { roleCan } from "@/lib/auth/roles";
import { getTryOttoSettings } from "@/lib/data/site-settings";
import { readTryOttoConfig } from "@/lib/try-otto/config";

/** The live demo's switch, read from the server; read-only for admins who cannot change it. */
export async function TryOttoSettingsSection() {
  const admin = await requireCurrentAdmin();
  const settings = await readSection("the live demo setting", () => getTryOttoSettings(admin));
  if (settings === null) {
    return (
      <LoadFailed
        toastId="try-otto-fetch"
        toastTitle="Failed to load the live demo setting"
        text="Error loading the live demo setting. Please try again."
      />
    );
  }
  return (
    <TryOttoForm
      initial={settings}
      canChange={roleCan(admin.role, "settings")}
      offByEnvironment={readTryOttoConfig() === null}
    />
  );
}
