import { LoadFailed, readSection } from "@/components/admin/kit/section";
import { MovedUpForm } from "@/components/admin/settings/moved-up-form";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { roleCan } from "@/lib/auth/roles";
import { getMovedUpSettings } from "@/lib/data/site-settings";

/** The owner's "You moved up" updates, read from the server; read-only for admins who cannot change them. */
export async function MovedUpSettings() {
  const admin = await requireCurrentAdmin();
  const settings = await readSection("the “You moved up” settings", () => getMovedUpSettings(admin));
  if (settings === null) {
    return (
      <LoadFailed
        toastId="moved-up-fetch"
        toastTitle="Failed to load the “You moved up” settings"
        text="Error loading the “You moved up” settings. Please try again."
      />
    );
  }
  return <MovedUpForm initial={settings} canChange={roleCan(admin.role, "settings")} />;
}
