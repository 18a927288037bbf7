import type { Metadata } from "next";

import { ImportFlow } from "@/components/admin/import/import-flow";
import { PageHeader } from "@/components/admin/kit/page-header";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";

export const metadata: Metadata = { title: "Import" };

/** Importing an existing list (a spreadsheet, Mailchimp, another waiting-list tool) with its original signup dates. */
export default async function ImportPage() {
  // Roles: importing will be for the "admin" role only; its check goes here.
  await requireCurrentAdmin();
  return (
    <div className="mx-auto grid max-w-6xl gap-8">
      <PageHeader
        title="Import"
        description="Bring an existing list onto the waiting list, keeping when each person signed up. People already on the list are left as they are, and anyone who left is never added back."
      />
      <ImportFlow />
    </div>
  );
}
