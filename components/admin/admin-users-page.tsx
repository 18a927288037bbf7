"use client";

import { useDeferredValue, useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Loader2Icon, SearchIcon } from "lucide-react";
import { toast } from "sonner";

import { AddAdminDialog } from "@/components/admin/add-admin-dialog";
import { ADMIN_USERS_URL, filterAdmins, formatLongDate, type AdminListItem } from "@/components/admin/admin-users";
import { useSessionEmail } from "@/components/admin/session";
import { ToggleStatusDialog } from "@/components/admin/toggle-status-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { ApiError, serverMessage } from "@/lib/api";

const COLUMNS = 5;

function MessageRow({ children, status = false }: { children: React.ReactNode; status?: boolean }) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell colSpan={COLUMNS} className="h-24 text-center text-muted-foreground">
        {status ? <span role="status">{children}</span> : children}
      </TableCell>
    </TableRow>
  );
}

/** The admin users page: search, the table of admins, Add Admin and Activate/Deactivate. */
export function AdminUsersPage() {
  const [search, setSearch] = useState("");
  const query = useDeferredValue(search);
  const currentEmail = useSessionEmail();
  const admins = useQuery<{ admins: AdminListItem[] }>({ queryKey: [ADMIN_USERS_URL] });

  useEffect(() => {
    // A 401 is not a failure to report: the layout is already taking the admin to the login page.
    if (admins.isError && !(admins.error instanceof ApiError && admins.error.status === 401)) {
      toast.error("Failed to fetch admin users", { id: "admin-users-fetch", description: serverMessage(admins.error) ?? "There was a problem connecting to the server." });
    }
  }, [admins.isError, admins.error]);

  const all = admins.data?.admins ?? [];
  const shown = filterAdmins(all, query);
  const searching = query.trim() !== "";

  let body: React.ReactNode;
  if (admins.isPending) {
    body = (
      <MessageRow status>
        <span className="inline-flex items-center gap-2">
          <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
          Loading admins...
        </span>
      </MessageRow>
    );
  } else if (admins.isError) {
    body = (
      <MessageRow>
        <div className="grid justify-items-center gap-3">
          <p role="alert" className="text-destructive">
            Error loading admin users. Please try again.
          </p>
          <Button variant="outline" size="sm" onClick={() => void admins.refetch()} disabled={admins.isFetching}>
            {admins.isFetching ? "Retrying..." : "Try again"}
          </Button>
        </div>
      </MessageRow>
    );
  } else if (shown.length === 0) {
    body = <MessageRow>{searching ? "No admins match your search" : "No admin users found"}</MessageRow>;
  } else {
    body = shown.map((admin) => {
      const isCurrentAdmin = admin.email === currentEmail;
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
        {admins.isSuccess ? `${shown.length} ${shown.length === 1 ? "admin" : "admins"} shown` : ""}
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
