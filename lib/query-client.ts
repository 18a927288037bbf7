import { QueryClient } from "@tanstack/react-query";

import { getQueryFn } from "@/lib/api";

/** A QueryClient with the spec's defaults: never stale, no refetch on focus, no polling, no retries. */
export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
