import type { Metadata } from "next";
import Link from "next/link";

import { ResolveErrorButton } from "@/components/admin/errors/resolve-error-button";
import { TestErrorButtons } from "@/components/admin/errors/test-error-buttons";
import { PageHeader } from "@/components/admin/kit/page-header";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { roleCan } from "@/lib/auth/roles";
import { listErrorGroups } from "@/lib/data/errors";
import { formatNumber } from "@/lib/format";

export const metadata: Metadata = { title: "Errors" };

const when = (date: Date) => date.toISOString().slice(0, 16).replace("T", " ") + " UTC";

const tabClass =
  "rounded-md px-3 py-1.5 text-sm font-medium underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

export default async function ErrorsPage({ searchParams }: { searchParams: Promise<{ resolved?: string }> }) {
  const admin = await requireCurrentAdmin();
  const resolved = (await searchParams).resolved === "yes";
  const groups = await listErrorGroups(admin, { resolved });
  const canResolve = roleCan(admin.role, "errors");
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <PageHeader
        title="Errors"
        description="What went wrong on the server and in visitors' browsers, one line per cause, newest first. Addresses, tokens, cookies and passwords are removed before anything is kept."
      />
      {canResolve && <TestErrorButtons />}
      <nav aria-label="Errors shown" className="flex gap-2">
        <Link href="/admin/errors" aria-current={resolved ? undefined : "page"} className={tabClass}>
          Open
        </Link>
        <Link href="/admin/errors?resolved=yes" aria-current={resolved ? "page" : undefined} className={tabClass}>
          Resolved
        </Link>
      </nav>
      {groups.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {resolved ? "Nothing resolved yet." : "No open errors. When something goes wrong, it shows here."}
        </p>
      ) : (
        <ol className="grid gap-4" aria-label={resolved ? "Resolved errors" : "Open errors"}>
          {groups.map((group) => {
            const title = `${group.name}: ${group.message}`;
            return (
              <li key={group.id} data-error-group={group.id} className="grid gap-2 rounded-lg border p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h2 className="min-w-0 font-mono text-sm font-semibold break-words">{title}</h2>
                  {!resolved && canResolve && <ResolveErrorButton id={group.id} label={title} />}
                </div>
                <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-3 lg:grid-cols-6">
                  <div>
                    <dt className="text-muted-foreground">Kind</dt>
                    <dd>{group.kind === "browser" ? "Browser" : "Server"}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Times</dt>
                    <dd className="tabular-nums">{formatNumber(group.count)}</dd>
                  </div>
                  <div className="col-span-2 min-w-0 sm:col-span-1">
                    <dt className="text-muted-foreground">Route</dt>
                    <dd className="font-mono break-words">
                      {group.method} {group.route}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">First seen</dt>
                    <dd>{when(group.firstSeenAt)}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Last seen</dt>
                    <dd>{when(group.lastSeenAt)}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Release</dt>
                    <dd className="font-mono">{group.release}</dd>
                  </div>
                </dl>
                {group.resolvedAt && (
                  <p className="text-sm text-muted-foreground">
                    Resolved {when(group.resolvedAt)} by {group.resolvedBy}.
                  </p>
                )}
                {group.stack && (
                  <details className="text-sm">
                    <summary className="cursor-pointer rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
                      Sample stack
                    </summary>
                    <pre className="mt-2 overflow-x-auto rounded-md bg-muted p-3 text-xs">{group.stack}</pre>
                  </details>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
