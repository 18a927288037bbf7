"use client";

import { SearchIcon } from "lucide-react";
import { useDeferredValue, useState } from "react";

import { DataTable, type Column, type TableMessage } from "@/components/admin/kit/data-table";
import { EmailAddress } from "@/components/admin/kit/email-address";
import { ErrorToast, RetryButton } from "@/components/admin/kit/server-states";
import { AddAdminDialog } from "@/components/admin/users/add-admin-dialog";
import {
  deactivationRefusal,
  filterAdmins,
  onlyFullAdminId,
  type AdminListItem,
} from "@/components/admin/users/admin-users";
import { ResetSecondFactorButton } from "@/components/admin/users/reset-second-factor-button";
import { RoleControl } from "@/components/admin/users/role-control";
import { ToggleStatusDialog } from "@/components/admin/users/toggle-status-dialog";
import { Badge } from "@/components/ui/badge";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formatLongDate } from "@/lib/format";

function columns(
  currentAdminId: number,
  onlyFullAdmin: number | null,
  admins: AdminListItem[],
): Column<AdminListItem>[] {
  return [
    {
      header: "Name",
      className: "font-medium",
      cell: (admin) => (
        <>
          {admin.name}
          {admin.id === currentAdminId ? (
            <span className="ml-2 text-xs font-normal text-muted-foreground">(you)</span>
          ) : null}
        </>
      ),
    },
    { header: "Email", cell: (admin) => <EmailAddress address={admin.email} /> },
    {
      header: "Role",
      cell: (admin) => <RoleControl admin={admin} onlyFullAdmin={admin.id === onlyFullAdmin} />,
    },
    {
      header: "Status",
      cell: (admin) => (
        <Badge variant={admin.isActive ? "success" : "muted"}>{admin.isActive ? "Active" : "Inactive"}</Badge>
      ),
    },
    {
      header: "Created",
      className: "whitespace-nowrap",
      cell: (admin) => <time dateTime={admin.createdAt}>{formatLongDate(admin.createdAt)}</time>,
    },
    {
      header: "Actions",
      cell: (admin) => {
        // An admin the server would refuse to deactivate: say why rather than offer a dialog whose answer is "no".
        const refusal = deactivationRefusal(admin, admins);
        return (
          <div className="flex flex-wrap items-center gap-2">
            {refusal ? (
              <p className="max-w-48 text-xs text-muted-foreground">{refusal}</p>
            ) : (
              <ToggleStatusDialog admin={admin} isCurrentAdmin={admin.id === currentAdminId} />
            )}
            {admin.secondFactor && admin.id !== currentAdminId && <ResetSecondFactorButton admin={admin} />}
          </div>
        );
      },
    },
  ];
}

interface AdminUsersPageProps {
  /** Every admin, as the server read them; null when the list could not be read. */
  admins: AdminListItem[] | null;
  /** The signed-in admin, marked "(you)". */
  currentAdminId: number;
}

/**
 * The admin users page: search, the table of admins with each one's role (changed in place), Add Admin and
 * Activate/Deactivate. The list arrives
 * rendered from the server; the search filters it as you type (there are a handful of admins, not thousands).
 */
export function AdminUsersPage({ admins, currentAdminId }: AdminUsersPageProps) {
  const [search, setSearch] = useState("");
  const query = useDeferredValue(search);
  const shown = filterAdmins(admins ?? [], query);
  const searching = query.trim() !== "";

  const message: TableMessage | undefined =
    admins === null
      ? {
          kind: "error",
          text: "Error loading admin users. Please try again.",
          action: (
            <>
              <ErrorToast
                id="admin-users-fetch"
                title="Failed to fetch admin users"
                description="There was a problem connecting to the server."
              />
              <RetryButton />
            </>
          ),
        }
      : undefined;

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid w-full gap-2 sm:max-w-sm">
          <Label htmlFor="admin-search" className="sr-only">
            Search admins
          </Label>
          <div className="relative">
            <SearchIcon
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="admin-search"
              type="search"
              placeholder="Search by name or email..."
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className="pl-9"
              autoComplete="off"
            />
          </div>
        </div>
        <AddAdminDialog />
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {admins ? `${shown.length} ${shown.length === 1 ? "admin" : "admins"} shown` : ""}
      </p>
      <DataTable
        label="Admin users"
        columns={columns(currentAdminId, onlyFullAdminId(admins ?? []), admins ?? [])}
        rows={shown}
        rowKey={(admin) => admin.id}
        rowTestId="admin-row"
        message={message}
        empty={searching ? "No admins match your search" : "No admin users found"}
      />
    </div>
  );
}
