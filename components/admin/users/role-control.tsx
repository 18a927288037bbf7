"use client";

import { useAdminAction } from "@/components/admin/kit/use-admin-action";
import type { AdminListItem } from "@/components/admin/users/admin-users";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { adminApi } from "@/lib/api";
import { ADMIN_ROLES, ROLE_INFO, type AdminRole } from "@/lib/auth/roles";

/** The sentence shown instead of the role control of the only active admin with full rights. */
export const ONLY_FULL_ADMIN_TEXT = "The only admin with full rights: add another admin before narrowing this one.";

/**
 * One admin's role on the Admin Users page: a select that changes it at once (a toast says so), or, for the
 * only active admin with full rights, their role and a sentence saying why it cannot change yet.
 */
export function RoleControl({ admin, onlyFullAdmin }: { admin: AdminListItem; onlyFullAdmin: boolean }) {
  const change = useAdminAction({
    request: (role: AdminRole) => adminApi.users.setRole(admin.id, role),
    succeeded: (_result, role) => ({
      title: "Role changed",
      description: `${admin.name} is now ${role === "admin" ? "an" : "a"} ${ROLE_INFO[role].label}.`,
    }),
    failed: "Could not change the role",
  });

  if (onlyFullAdmin) {
    return (
      <div className="grid max-w-56 gap-1">
        <span className="font-medium">{ROLE_INFO[admin.role].label}</span>
        <p className="text-xs text-muted-foreground" data-testid="only-full-admin">
          {ONLY_FULL_ADMIN_TEXT}
        </p>
      </div>
    );
  }
  return (
    <Select
      value={admin.role}
      onValueChange={(role) => {
        if (role !== admin.role) void change.run(role as AdminRole);
      }}
      disabled={change.pending}
    >
      <SelectTrigger aria-label={`Role of ${admin.name}`} className="h-9 w-32">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {ADMIN_ROLES.map((role) => (
          <SelectItem key={role} value={role}>
            {ROLE_INFO[role].label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
