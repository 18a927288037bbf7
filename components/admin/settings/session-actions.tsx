"use client";

import { Loader2Icon } from "lucide-react";
import { useRouter } from "next/navigation";

import { useAdminAction } from "@/components/admin/kit/use-admin-action";
import { Button } from "@/components/ui/button";
import { LOGIN_PATH } from "@/lib/admin-paths";
import { adminApi } from "@/lib/api";

/** "Sign out" of one session in the list; for this device's own session it is the ordinary sign-out. */
export function EndSessionButton({
  sessionId,
  device,
  current,
}: {
  sessionId: string;
  device: string;
  current: boolean;
}) {
  const router = useRouter();
  const end = useAdminAction({
    request: () => adminApi.sessions.end(sessionId),
    succeeded: current
      ? { title: "Logged out", description: "You have been successfully logged out" }
      : { title: "Session ended", description: `${device} has been signed out.` },
    failed: "Could not end the session",
    onSuccess: () => {
      if (current) router.replace(LOGIN_PATH);
    },
    // This device's own session has ended: the login page comes next, not this page again.
    refresh: !current,
  });
  const busy = end.pending || (current && end.succeeded);
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => end.run()}
      disabled={busy}
      aria-label={current ? "Sign out of this device" : `Sign out ${device}`}
    >
      {busy && <Loader2Icon className="animate-spin" aria-hidden="true" />}
      {busy ? "Signing out..." : "Sign out"}
    </Button>
  );
}

/** "Sign out of all other sessions": ends every session but this device's. */
export function EndOtherSessionsButton({ disabled }: { disabled: boolean }) {
  const end = useAdminAction({
    request: async () => (await (await adminApi.sessions.endOthers()).json()) as { message: string },
    succeeded: ({ message }) => ({ title: "Signed out elsewhere", description: message }),
    failed: "Could not end the other sessions",
  });
  return (
    <Button variant="outline" onClick={() => end.run()} disabled={disabled || end.pending}>
      {end.pending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
      Sign out of all other sessions
    </Button>
  );
}
