import { QueryClient } from "@tanstack/react-query";

import { getQueryFn } from "@/lib/api";

/**
 * A QueryClient that fetches only when asked: never stale, no refetch on focus, no polling, and no retries
 * unless a query asks for them (the waiting list count does), so an error shows at once.
 */
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
