"use client";

import { useDeferredValue, useState } from "react";
import { SearchIcon } from "lucide-react";

import { AddAdminDialog } from "@/components/admin/add-admin-dialog";
import { filterAdmins, type AdminListItem } from "@/components/admin/admin-users";
import { formatLongDate } from "@/lib/format";
import { ErrorToast, RetryButton } from "@/components/admin/server-states";
import { ToggleStatusDialog } from "@/components/admin/toggle-status-dialog";
import { Badge } from "@/components/ui/badge";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";

const COLUMNS = 5;

function MessageRow({ children }: { children: React.ReactNode }) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell colSpan={COLUMNS} className="h-24 text-center text-muted-foreground">
        {children}
      </TableCell>
    </TableRow>
  );
}

interface AdminUsersPageProps {
  /** Every admin, as the server read them; null when the list could not be read. */
  admins: AdminListItem[] | null;
  /** The signed-in admin, marked "(you)". */
  currentAdminId: number;
}

/**
 * The admin users page: search, the table of admins, Add Admin and Activate/Deactivate. The list arrives
 * rendered from the server; the search filters it as you type (there are a handful of admins, not thousands).
 */
export function AdminUsersPage({ admins, currentAdminId }: AdminUsersPageProps) {
  const [search, setSearch] = useState("");
  const query = useDeferredValue(search);
  const shown = filterAdmins(admins ?? [], query);
  const searching = query.trim() !== "";

  let body: React.ReactNode;
  if (admins === null) {
    body = (
      <MessageRow>
        <ErrorToast id="admin-users-fetch" title="Failed to fetch admin users" description="There was a problem connecting to the server." />
        <div className="grid justify-items-center gap-3">
          <p role="alert" className="text-destructive">
            Error loading admin users. Please try again.
          </p>
          <RetryButton />
        </div>
      </MessageRow>
    );
  } else if (shown.length === 0) {
    body = <MessageRow>{searching ? "No admins match your search" : "No admin users found"}</MessageRow>;
  } else {
    body = shown.map((admin) => {
      const isCurrentAdmin = admin.id === currentAdminId;
      return (
        <TableRow key={admin.id} data-testid="admin-row">
          <TableCell data-label="Name" className="font-medium">
            {admin.name}
            {isCurrentAdmin ? <span className="ml-2 text-xs font-normal text-muted-foreground">(you)</span> : null}
          </TableCell>
          <TableCell data-label="Email" className="break-all">{admin.email}</TableCell>
          <TableCell data-label="Status">
            <Badge variant={admin.isActive ? "success" : "muted"}>{admin.isActive ? "Active" : "Inactive"}</Badge>
          </TableCell>
          <TableCell data-label="Created" className="whitespace-nowrap">
            <time dateTime={admin.createdAt}>{formatLongDate(admin.createdAt)}</time>
          </TableCell>
          <TableCell data-label="Actions">
            <ToggleStatusDialog admin={admin} isCurrentAdmin={isCurrentAdmin} />
          </TableCell>
        </TableRow>
      );
    });
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid w-full gap-2 sm:max-w-sm">
          <Label htmlFor="admin-search" className="sr-only">
            Search admins
          </Label>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
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
      <Table containerLabel="Admin users" stackOnPhone>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Name</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Created</TableHead>
            <TableHead>Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>{body}</TableBody>
      </Table>
    </div>
  );
}
