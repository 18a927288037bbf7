import { ArrowLeft } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";

import { ConnectionTest } from "@/components/api-test/connection-test";
import { Providers } from "@/components/providers";
import { siteConfig } from "@/config/site";

export const metadata: Metadata = {
  title: "AI connection test",
  description: `Check that ${siteConfig.name} can reach its AI provider.`,
  // A diagnostic page: public, but not something to list in search results.
  robots: { index: false, follow: false },
};

export default function ApiTestPage() {
  return (
    <main
      id="main"
      className="flex min-h-dvh items-center justify-center bg-gradient-to-b from-accent/60 to-background px-4 py-16"
    >
      <div className="w-full max-w-xl">
        <Link
          href="/"
          className="mb-6 inline-flex items-center gap-2 rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to {siteConfig.name} home
        </Link>
        <section
          aria-labelledby="api-test-heading"
          className="rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8"
        >
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">Diagnostics</p>
          <h1 id="api-test-heading" className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">
            AI provider connection test
          </h1>
          <p className="mt-3 text-muted-foreground">
            Checks that this server can reach its AI provider with the configured API key. The test sends one short
            request to the model and shows its reply, or what went wrong.
          </p>
          <div className="mt-6">
            <Providers>
              <ConnectionTest />
            </Providers>
          </div>
        </section>
      </div>
    </main>
  );
}
