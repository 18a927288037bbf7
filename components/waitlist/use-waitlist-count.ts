"use client";

import { useQuery, type QueryClient } from "@tanstack/react-query";

import { ApiError } from "@/lib/api";

export const WAITLIST_COUNT_URL = "/api/waitlist/count";
/** The count query's key: the URL, as the default query function expects. */
export const WAITLIST_COUNT_KEY = [WAITLIST_COUNT_URL] as const;
/** The count is cached for 5 minutes: it changes slowly, and a visitor scrolling back to it needs no new request. */
export const WAITLIST_COUNT_STALE_MS = 5 * 60 * 1000;
export const WAITLIST_COUNT_RETRIES = 3;

/** 1 s before the first retry, then 2^n s, at most 30 s (TanStack passes n = 0, 1, 2...): a struggling server gets room. */
export function waitlistCountRetryDelay(attempt: number): number {
  return attempt === 0 ? 1000 : Math.min(2 ** attempt * 1000, 30_000);
}

// A CDN may hold the count for a few seconds. After this browser signs someone up, its requests carry a
// query string no cache has seen, so the visitor sees their own signup counted at once.
let freshToken: string | null = null;

async function fetchWaitlistCount({ signal }: { signal: AbortSignal }): Promise<number> {
  const url = freshToken ? `${WAITLIST_COUNT_URL}?fresh=${freshToken}` : WAITLIST_COUNT_URL;
  const res = await fetch(url, { credentials: "include", signal });
  if (!res.ok) throw new ApiError(res.status, await res.text().catch(() => ""), res.statusText);
  const body = (await res.json()) as { count?: unknown };
  if (typeof body.count !== "number" || !Number.isFinite(body.count))
    throw new Error("The count response has no count.");
  return body.count;
}

/** How many businesses have joined; cached 5 minutes and retried 3 times before the line falls back to "Many". */
export function useWaitlistCount() {
  return useQuery({
    queryKey: WAITLIST_COUNT_KEY,
    queryFn: fetchWaitlistCount,
    staleTime: WAITLIST_COUNT_STALE_MS,
    retry: WAITLIST_COUNT_RETRIES,
    retryDelay: waitlistCountRetryDelay,
  });
}

/** Refetches the count, past any CDN copy: called after a successful signup. */
export function refreshWaitlistCount(queryClient: QueryClient): Promise<void> {
  freshToken = Date.now().toString(36);
  return queryClient.invalidateQueries({ queryKey: WAITLIST_COUNT_KEY });
}
