"use client";

import { QueryClientContext, QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useContext } from "react";

import { makeQueryClient } from "@/lib/query-client";

// One client for the landing page's waitlist islands, made when the first of them loads: the count and the form
// load separately, and a signup must refresh the count the form never renders. Only the browser loads this
// module (the islands import it lazily), so the client is never shared between requests.
let pageClient: QueryClient | undefined;

/**
 * Gives the waitlist islands a QueryClient: the page's own when one is already provided (the admin pages, tests),
 * otherwise the one the islands share. The landing page has no root provider, so react-query stays out of its
 * first load.
 */
export function WaitlistQueryProvider({ children }: { children: React.ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return <>{children}</>;
  pageClient ??= makeQueryClient();
  return <QueryClientProvider client={pageClient}>{children}</QueryClientProvider>;
}
