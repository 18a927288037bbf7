"use client";

import { useAdminAction } from "@/components/admin/kit/use-admin-action";
import { Button } from "@/components/ui/button";
import { adminApi } from "@/lib/api";

/** Marks one error group resolved; it opens again by itself if the error comes back. */
export function ResolveErrorButton({ id, label }: { id: number; label: string }) {
  const resolve = useAdminAction({
    request: () => adminApi.errors.resolve(id),
    succeeded: { title: "Marked resolved", description: "It opens again if the error happens again." },
    failed: "The error could not be marked resolved",
  });
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={`Resolve: ${label}`}
      disabled={resolve.pending}
      onClick={() => void resolve.run()}
    >
      {resolve.pending ? "Resolving..." : "Resolve"}
    </Button>
  );
}
