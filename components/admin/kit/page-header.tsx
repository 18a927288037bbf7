import { ArrowLeftIcon } from "lucide-react";
import Link from "next/link";

interface PageHeaderProps {
  title: React.ReactNode;
  /** One sentence on what the page is for, under the title. */
  description?: React.ReactNode;
  /** Controls that act on the whole page (a period picker, say), beside the title on wide screens. */
  actions?: React.ReactNode;
  /** The list this page belongs to, as a link above the title ("All emails"). */
  back?: { href: string; label: string };
  /** More about the thing the page shows, under the title (an email's details, say). */
  children?: React.ReactNode;
}

/** The top of every admin page: its one h1, what the page is for, and where it sits. */
export function PageHeader({ title, description, actions, back, children }: PageHeaderProps) {
  const heading = (
    <div className="grid gap-1">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
    </div>
  );
  return (
    <>
      {back ? (
        <Link
          href={back.href}
          className="inline-flex items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          {back.label}
        </Link>
      ) : null}
      <div className="grid gap-3">
        {actions ? (
          <div className="flex flex-wrap items-end justify-between gap-4">
            {heading}
            {actions}
          </div>
        ) : (
          heading
        )}
        {children}
      </div>
    </>
  );
}
