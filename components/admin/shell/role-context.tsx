"use client";

import { createContext, use } from "react";

import { roleCan, type AdminAbility, type AdminRole } from "@/lib/auth/roles";

// The signed-in admin's role, read on the server with the session (the admin layout) and handed to the
// client components below it, so each shows only the controls the role can use. The server refuses the
// rest anyway: this only spares a narrower role buttons that would fail.
const RoleContext = createContext<AdminRole>("admin");

/** Gives the admin pages' client components the signed-in admin's role. */
export function AdminRoleProvider({ role, children }: { role: AdminRole; children: React.ReactNode }) {
  return <RoleContext value={role}>{children}</RoleContext>;
}

/** The signed-in admin's role. */
export function useAdminRole(): AdminRole {
  return use(RoleContext);
}

/** Whether the signed-in admin's role may do something (reading is never refused). */
export function useAdminCan(ability: AdminAbility): boolean {
  return roleCan(use(RoleContext), ability);
}
