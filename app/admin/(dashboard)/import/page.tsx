import type { Metadata } from "next";

import { ImportFlow } from "@/components/admin/import/import-flow";
import { PageHeader } from "@/components/admin/kit/page-header";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { roleCan, roleRefusal } from "@/lib/auth/roles";

export const metadata: Metadata = { title: "Import" };

/** Importing an existing list (a spreadsheet, Mailchimp, another waiting-list tool) with its original signup dates. */
export default async function ImportPage() {
  const admin = await requireCurrentAdmin();
  // Importing is for an admin with full rights: anyone else who comes here (there is no link) is told why.
  if (!roleCan(admin.role, "import"))
    return (
      <div className="mx-auto grid max-w-6xl gap-8">
        <PageHeader title="Import" />
        <p role="note" className="rounded-lg border bg-card px-4 py-3 text-sm">
          {roleRefusal(admin.role, "import")}
        </p>
      </div>
    );
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
