"use client";

import { useMutation } from "@tanstack/react-query";

import { requestConnectionTest } from "@/components/api-test/request-connection-test";

/** The connection test as a mutation: `run` starts it, `isPending` while it runs, `result` once it settles. */
export function useConnectionTest() {
  const mutation = useMutation({ mutationFn: requestConnectionTest });
  return { run: () => mutation.mutate(), isPending: mutation.isPending, result: mutation.data ?? null };
}
