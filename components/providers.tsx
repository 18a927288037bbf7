"use client";

import { useState } from "react";
import { QueryClientProvider } from "@tanstack/react-query";

import { makeQueryClient } from "@/lib/query-client";

/**
 * Client-side context shared by every page: queries. The toaster is not here: it is mounted where toasts come
 * from (the admin layout, and the landing page's waitlist form, which loads it lazily), so sonner stays out of
 * the landing page's first load.
 */
export function Providers({ children }: { children: React.ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
