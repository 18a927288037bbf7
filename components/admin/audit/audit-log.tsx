import { DownloadIcon } from "lucide-react";
import Form from "next/form";
import Link from "next/link";

import { describeAuditDetails } from "@/components/admin/audit/audit-details";
import { DataTable, type Column } from "@/components/admin/kit/data-table";
import { EmailAddress } from "@/components/admin/kit/email-address";
import { lastPageOf, Pagination } from "@/components/admin/kit/pagination";
import { LoadFailed } from "@/components/admin/kit/section";
import { Button, buttonVariants } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { adminApi } from "@/lib/api";
import type { AuditPage, AuditTargetLabel } from "@/lib/data/audit-admin";
import { formatNumber, utcDateTimeSeconds as time } from "@/lib/format";
import { AUDIT_ACTION_VALUES, AUDIT_ACTIONS, auditQuerySearch, type AuditQuery } from "@/lib/validation/audit";

type AuditEntry = AuditPage["entries"][number];

// A native select, styled like the text inputs: the filter form works before (and without) any script.
const selectClass = "select-field";

/**
 * The filters: who, what and when. A GET form (next/form: a client-side navigation once scripts run, a
 * plain form before), so the filters live in the URL, bookmarkable, and the server renders the matching page.
 */
export function AuditFilters({
  query,
  admins,
  canExport = true,
}: {
  query: AuditQuery;
  admins: { id: number; name: string; email: string }[];
  /** Whether the signed-in admin's role may export the log (a viewer may not): otherwise no Export button. */
  canExport?: boolean;
}) {
  const exportSearch = auditQuerySearch({ ...query, page: 1 });
  return (
    <Form
      action="/admin/audit"
      // The four fields share the first row and the buttons take the second, so no select is cut short ("Any actio").
      className="grid gap-4 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[minmax(12rem,1fr)_minmax(14rem,1fr)_auto_auto] lg:items-end"
    >
      <div className="grid gap-2">
        <label htmlFor="audit-admin" className="text-sm font-medium">
          Admin
        </label>
        <select
          id="audit-admin"
          name="admin"
          defaultValue={query.admin ? String(query.admin) : ""}
          className={selectClass}
        >
          <option value="">Everyone</option>
          {admins.map((admin) => (
            <option key={admin.id} value={admin.id}>
              {admin.name} ({admin.email})
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-2">
        <label htmlFor="audit-action" className="text-sm font-medium">
          Action
        </label>
        <select id="audit-action" name="action" defaultValue={query.action ?? ""} className={selectClass}>
          <option value="">Any action</option>
          {AUDIT_ACTION_VALUES.map((action) => (
            <option key={action} value={action}>
              {AUDIT_ACTIONS[action]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-2">
        <label htmlFor="audit-from" className="text-sm font-medium">
          From (UTC)
        </label>
        <Input id="audit-from" name="from" type="date" defaultValue={query.from ?? ""} />
      </div>
      <div className="grid gap-2">
        <label htmlFor="audit-to" className="text-sm font-medium">
          To (UTC)
        </label>
        <Input id="audit-to" name="to" type="date" defaultValue={query.to ?? ""} />
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
        <Button type="submit">Apply filters</Button>
        <Link href="/admin/audit" className={buttonVariants({ variant: "ghost" })}>
          Clear
        </Link>
        {canExport && (
          <a href={adminApi.audit.exportHref(exportSearch)} download className={buttonVariants({ variant: "outline" })}>
            <DownloadIcon aria-hidden="true" />
            Export as CSV
          </a>
        )}
      </div>
    </Form>
  );
}

function AuditTarget({ target, label }: { target: string | null; label: AuditTargetLabel | undefined }) {
  if (!target) return null;
  if (!label) return <>{target}</>;
  const text = label.href ? (
    <Link
      href={label.href}
      className="font-medium text-primary underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      {label.text}
    </Link>
  ) : (
    label.text
  );
  return label.email ? (
    <span className="grid">
      <span>{text}</span>
      <EmailAddress address={label.email} className="text-muted-foreground" truncate />
    </span>
  ) : (
    text
  );
}

function columns(targets: Map<string, AuditTargetLabel>): Column<AuditEntry>[] {
  return [
    {
      header: "Time (UTC)",
      className: "whitespace-nowrap",
      cell: (entry) => <time dateTime={entry.at.toISOString()}>{time.format(entry.at)}</time>,
    },
    {
      header: "Admin",
      // Room for a usual address on one line; a longer one is cut short (whole on hover or focus), never broken.
      className: "w-1/5 min-w-44",
      cell: (entry) => (entry.adminEmail ? <EmailAddress address={entry.adminEmail} truncate /> : "Unknown"),
    },
    { header: "Action", cell: (entry) => AUDIT_ACTIONS[entry.action] ?? entry.action },
    {
      header: "Target",
      className: "min-w-32",
      cell: (entry) => (
        <AuditTarget target={entry.target} label={entry.target ? targets.get(entry.target) : undefined} />
      ),
    },
    { header: "IP address", cell: (entry) => entry.ip ?? "" },
    {
      header: "Details",
      className: "min-w-48 text-muted-foreground",
      cell: (entry) => describeAuditDetails(entry.action, entry.details).join(" "),
    },
  ];
}

/** The log's entries, newest first, and the page controls. */
export function AuditTable({
  query,
  data,
  targets = new Map(),
}: {
  query: AuditQuery;
  data: AuditPage | null;
  /** Each target of the page as a readable thing (describeAuditTargets); one missing shows as stored. */
  targets?: Map<string, AuditTargetLabel>;
}) {
  if (!data) {
    return (
      <LoadFailed
        toastId="audit-fetch"
        toastTitle="Failed to fetch the audit log"
        text="Error loading the audit log. Please try again."
      />
    );
  }
  const first = (data.page - 1) * data.pageSize + 1;
  return (
    <div className="grid gap-4">
      <p role="status" className="text-sm text-muted-foreground">
        {data.entries.length === 0
          ? ""
          : `Showing ${formatNumber(first)}–${formatNumber(first + data.entries.length - 1)} of ${formatNumber(data.total)} entries`}
      </p>
      <DataTable
        label="Audit log"
        columns={columns(targets)}
        rows={data.entries}
        rowKey={(entry) => entry.id}
        rowTestId="audit-row"
        empty="No audit entries match these filters"
      />
      {data.total > data.pageSize && (
        <Pagination
          page={data.page}
          lastPage={lastPageOf(data.total, data.pageSize)}
          hrefFor={(page) => {
            const search = auditQuerySearch({ ...query, page });
            return `/admin/audit${search ? `?${search}` : ""}`;
          }}
        />
      )}
    </div>
  );
}
