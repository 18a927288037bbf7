"use client";

import { useQuery, type QueryClient } from "@tanstack/react-query";

import { getQueryFn } from "@/lib/api";

/** The query key (and URL) of the admin session check. */
export const SESSION_URL = "/api/admin/session";

/** What GET /api/admin/session answers. */
export interface AdminSession {
  isAuthenticated: boolean;
  admin: { name: string; email: string } | null;
}

/** The signed-in admin, checked once per page load; null data means "not signed in" (a 401). */
export function useAdminSession() {
  return useQuery<AdminSession | null>({
    queryKey: [SESSION_URL],
    queryFn: getQueryFn<AdminSession>({ on401: "returnNull" }),
  });
}

/** Forgets every admin query and marks the session as ended, which sends the layout to the login page. */
export function markSignedOut(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_URL });
  queryClient.setQueryData<AdminSession | null>([SESSION_URL], null);
}

/** The email of the signed-in admin, when known. */
export function useSessionEmail(): string | undefined {
  return useAdminSession().data?.admin?.email;
}
