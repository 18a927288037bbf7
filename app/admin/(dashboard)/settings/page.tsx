import type { Metadata } from "next";

import { PageHeader } from "@/components/admin/kit/page-header";
import { PageSection, SectionLoader } from "@/components/admin/kit/section";
import { MovedUpSettings } from "@/components/admin/settings/moved-up-settings";
import { NotifySettings } from "@/components/admin/settings/notify-settings";
import { SecuritySection } from "@/components/admin/settings/security-section";
import { SessionsList } from "@/components/admin/settings/sessions-list";
import { TryOttoSettingsSection } from "@/components/admin/settings/try-otto-settings";
import { AddWebhookForm } from "@/components/admin/settings/webhook-controls";
import { WebhookList } from "@/components/admin/settings/webhook-list";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { roleCan } from "@/lib/auth/roles";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const admin = await requireCurrentAdmin();
  return (
    <div className="mx-auto grid max-w-6xl gap-8">
      <PageHeader title="Settings" description={`Signed in as ${admin.name} (${admin.email}).`} />
      <PageSection
        id="email"
        title="Email about signups"
        description={`Sent to ${admin.email}. Your choice only; each admin picks their own.`}
      >
        <SectionLoader text="Loading your email settings..." className="py-4">
          <NotifySettings />
        </SectionLoader>
      </PageSection>
      <PageSection
        id="moved-up"
        title="“You moved up” emails"
        description="Good news for the people waiting: an email when they move up the line. Off until you turn it on."
      >
        <SectionLoader text="Loading the “You moved up” settings..." className="py-4">
          <MovedUpSettings />
        </SectionLoader>
      </PageSection>
      <PageSection
        id="try-otto"
        title="Live demo"
        description="“Try it with your own words” on the landing page: visitors ask the real assistant. A kill switch beside TRY_OTTO."
      >
        <SectionLoader text="Loading the live demo setting..." className="py-4">
          <TryOttoSettingsSection />
        </SectionLoader>
      </PageSection>
      {/* Webhooks concern everyone: only an admin with full rights sees and manages them. */}
      {roleCan(admin.role, "webhooks") && (
        <PageSection
          id="webhooks"
          title="Webhooks"
          description="Each URL gets a signed JSON POST for every signup, confirmation, invitation, acceptance and deletion, and one for each imported list, retried with backoff until it answers 2xx."
        >
          <AddWebhookForm />
          <SectionLoader text="Loading webhooks..." className="py-4">
            <WebhookList />
          </SectionLoader>
        </PageSection>
      )}
      <PageSection
        id="security"
        title="Security"
        description="A second factor keeps your account safe if your password leaks: a passkey, an authenticator app, or both."
      >
        <SectionLoader text="Loading your security settings..." className="py-4">
          <SecuritySection />
        </SectionLoader>
      </PageSection>
      <PageSection
        id="sessions"
        title="Sessions"
        description="Where you are signed in. Signing out of a session ends it at once; a session also ends after a period without activity."
      >
        <SectionLoader text="Loading sessions..." className="py-4">
          <SessionsList />
        </SectionLoader>
      </PageSection>
    </div>
  );
}
