import { LoadFailed, readSection } from "@/components/admin/kit/section";
import { NotifyForm } from "@/components/admin/settings/notify-form";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { getNotifyChoice } from "@/lib/data/notifications";

/** The signed-in admin's own choice of email about signups, read from the server. */
export async function NotifySettings() {
  const admin = await requireCurrentAdmin();
  const choice = await readSection("the email settings", () => getNotifyChoice(admin));
  if (choice === null) {
    return (
      <LoadFailed
        toastId="notify-fetch"
        toastTitle="Failed to load your email settings"
        text="Error loading your email settings. Please try again."
      />
    );
  }
  return <NotifyForm initial={choice} />;
}
