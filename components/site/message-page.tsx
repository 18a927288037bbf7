import Link from "next/link";

import { PageShell } from "@/components/site/page-shell";

/** A short page in the site's design: a heading, a line or two, and what to do next. */
export function MessagePage({
  title,
  children,
  homeLabel,
}: {
  title: string;
  children: React.ReactNode;
  homeLabel?: string;
}) {
  return (
    <PageShell>
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
