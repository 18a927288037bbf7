import { Suspense } from "react";
import type { Metadata } from "next";

import { AuditFilters, AuditTable } from "@/components/admin/audit-log";
import { LoadingStatus } from "@/components/admin/load-states";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { listAuditAdmins, listAuditEntries, type AuditPage } from "@/lib/data/audit-admin";
import { auditQuerySearch, readAuditQuery, type AuditQuery } from "@/lib/validation/audit";

export const metadata: Metadata = { title: "Audit Log" };

async function AuditResults({ query }: { query: AuditQuery }) {
  const admin = await requireCurrentAdmin();
  let data: AuditPage | null;
  try {
    data = await listAuditEntries(admin, query);
  } catch (error) {
    console.error("[admin] the audit log could not be read:", error);
    data = null;
  }
  return <AuditTable query={query} data={data} />;
}

export default async function AuditPageRoute({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const admin = await requireCurrentAdmin();
  const params = await searchParams;
  const query = readAuditQuery(Object.fromEntries(Object.entries(params).map(([key, value]) => [key, [value ?? []].flat().at(-1)])));
  const admins = await listAuditAdmins(admin).catch(() => []);
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Audit Log</h1>
        <p className="text-sm text-muted-foreground">
          Who did what in the admin area, newest first. Entries cannot be changed, and are kept for a limited period.
        </p>
      </div>
      <AuditFilters query={query} admins={admins} />
      <Suspense key={auditQuerySearch(query)} fallback={<LoadingStatus text="Loading entries..." />}>
        <AuditResults query={query} />
      </Suspense>
    </div>
  );
}
