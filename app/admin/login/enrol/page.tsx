import type { Metadata } from "next";

import { LoginCard } from "@/components/admin/login/login-card";
import { EnrolPanel } from "@/components/admin/security/enrol-panel";
import { requirePendingPageAdmin } from "@/lib/auth/current-admin";

export const metadata: Metadata = {
  title: "Set up a second factor",
  robots: { index: false, follow: false },
};

/** For an admin without a second factor where one is required: set one up before the first session. */
export default async function EnrolPage() {
  const pending = await requirePendingPageAdmin("enrol");
  return (
    <LoginCard
      wide
      title="Set up a second factor"
      description={`Every admin here signs in with a second factor as well as a password. Set one up for ${pending.email} to continue.`}
    >
      <EnrolPanel />
    </LoginCard>
  );
}
