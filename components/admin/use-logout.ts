"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";

import { markSignedOut } from "@/components/admin/session";
import { ApiError, apiRequest } from "@/lib/api";

/** Signs out with the spec's toasts; the layout then sends the browser to the login page. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest("POST", "/api/admin/logout"),
    onSuccess: () => {
      toast.success("Logged out", { description: "You have been successfully logged out" });
      markSignedOut(queryClient);
    },
    onError: (error) => {
      // A 401 means the session had already ended: the admin is signed out either way.
      if (error instanceof ApiError && error.status === 401) {
        toast.success("Logged out", { description: "You have been successfully logged out" });
        markSignedOut(queryClient);
      } else if (error instanceof ApiError) {
        toast.error("Logout failed", { description: "There was a problem logging out" });
      } else {
        toast.error("Logout error", { description: "There was a problem connecting to the server" });
      }
    },
  });
}
