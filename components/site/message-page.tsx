import Link from "next/link";

import { PageShell } from "@/components/site/page-shell";
import type { PageHeaderCta } from "@/content/landing/navigation";

/** A short page in the site's design: a heading, a line or two, and what to do next. */
export function MessagePage({
  title,
  children,
  homeLabel,
  headerCta,
}: {
  title: string;
  children: React.ReactNode;
  homeLabel?: string;
  /** The header's call to action (see PageShell). */
  headerCta?: PageHeaderCta;
}) {
  return (
    <PageShell cta={headerCta}>
      <main id="main" className="mx-auto grid max-w-xl gap-4 px-6 py-20 text-center">
        <h1 className="text-3xl font-semibold tracking-tight text-balance">{title}</h1>
        {children}
        {homeLabel ? (
          <p className="mt-4">
            <Link
              href="/"
              className="font-medium text-primary underline underline-offset-4 focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              {homeLabel}
            </Link>
          </p>
        ) : null}
      </main>
    </PageShell>
  );
}
