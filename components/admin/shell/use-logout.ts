"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { toast } from "sonner";

import { LOGIN_PATH } from "@/lib/admin-paths";
import { adminApi, ApiError } from "@/lib/api";

/** Signs this device out, says so in a toast, then goes to the login page. */
export function useLogout() {
  const router = useRouter();
  const signedOut = () => {
    toast.success("Logged out", { description: "You have been successfully logged out" });
    router.replace(LOGIN_PATH);
  };
  return useMutation({
    mutationFn: () => adminApi.logout(),
    onSuccess: signedOut,
    onError: (error) => {
      // A 401 means the session had already ended: the admin is signed out either way.
      if (error instanceof ApiError && error.status === 401) signedOut();
      else if (error instanceof ApiError)
        toast.error("Logout failed", { description: "There was a problem logging out" });
      else toast.error("Logout error", { description: "There was a problem connecting to the server" });
    },
  });
}
