"use client";

import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { Loader2Icon } from "lucide-react";
import { toast } from "sonner";

import { LOGIN_PATH } from "@/lib/admin-paths";
import { Button } from "@/components/ui/button";
import { adminFailureDescription, apiRequest } from "@/lib/api";

/** "Sign out" of one session in the list; for this device's own session it is the ordinary sign-out. */
export function EndSessionButton({ sessionId, device, current }: { sessionId: string; device: string; current: boolean }) {
  const router = useRouter();
  const end = useMutation({
    mutationFn: () => apiRequest("DELETE", `/api/admin/sessions/${encodeURIComponent(sessionId)}`),
    onSuccess: () => {
      if (current) {
        toast.success("Logged out", { description: "You have been successfully logged out" });
        router.replace(LOGIN_PATH);
        return;
      }
      toast.success("Session ended", { description: `${device} has been signed out.` });
      router.refresh();
    },
    onError: (error) => {
      toast.error("Could not end the session", { description: adminFailureDescription(error) });
      router.refresh();
    },
  });
  const busy = end.isPending || (current && end.isSuccess);
  return (
    <Button variant="outline" size="sm" onClick={() => end.mutate()} disabled={busy} aria-label={current ? "Sign out of this device" : `Sign out ${device}`}>
      {busy && <Loader2Icon className="animate-spin" aria-hidden="true" />}
      {busy ? "Signing out..." : "Sign out"}
    </Button>
  );
}

/** "Sign out of all other sessions": ends every session but this device's. */
export function EndOtherSessionsButton({ disabled }: { disabled: boolean }) {
  const router = useRouter();
  const end = useMutation({
    mutationFn: async () => (await (await apiRequest("POST", "/api/admin/sessions/revoke-others")).json()) as { message: string },
    onSuccess: ({ message }) => {
      toast.success("Signed out elsewhere", { description: message });
      router.refresh();
    },
    onError: (error) => {
      toast.error("Could not end the other sessions", { description: adminFailureDescription(error) });
      router.refresh();
    },
  });
  return (
    <Button variant="outline" onClick={() => end.mutate()} disabled={disabled || end.isPending}>
      {end.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
      Sign out of all other sessions
    </Button>
  );
}
