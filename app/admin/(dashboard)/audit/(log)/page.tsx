import type { Metadata } from "next";

import { AuditFilters, AuditTable } from "@/components/admin/audit/audit-log";
import { PageHeader } from "@/components/admin/kit/page-header";
import { readSection, SectionLoader } from "@/components/admin/kit/section";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { roleCan } from "@/lib/auth/roles";
import { describeAuditTargets, listAuditAdmins, listAuditEntries } from "@/lib/data/audit-admin";
import { auditQuerySearch, readAuditQuery, type AuditQuery } from "@/lib/validation/audit";

export const metadata: Metadata = { title: "Audit Log" };

async function AuditResults({ query }: { query: AuditQuery }) {
  const admin = await requireCurrentAdmin();
  const data = await readSection("the audit log", async () => {
    const page = await listAuditEntries(admin, query);
    return { page, targets: await describeAuditTargets(admin, page.entries) };
  });
  return <AuditTable query={query} data={data?.page ?? null} targets={data?.targets} />;
}

export default async function AuditPageRoute({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const admin = await requireCurrentAdmin();
  const params = await searchParams;
  const query = readAuditQuery(
    Object.fromEntries(Object.entries(params).map(([key, value]) => [key, [value ?? []].flat().at(-1)])),
  );
  const admins = await listAuditAdmins(admin).catch(() => []);
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader
        title="Audit Log"
        description="Who did what in the admin area, newest first. Entries cannot be changed, and are kept for a limited period."
      />
      <AuditFilters query={query} admins={admins} canExport={roleCan(admin.role, "exportAudit")} />
      <SectionLoader key={auditQuerySearch(query)} text="Loading entries...">
        <AuditResults query={query} />
      </SectionLoader>
    </div>
  );
}
