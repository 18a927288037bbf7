import { X } from "lucide-react";
import type { ReactNode } from "react";

import { cn } from "@/lib/utils";

/** The frame every demo card and document shares: icon, title, optional X, body. */
export function CardShell({
  icon,
  title,
  subtitle,
  badge,
  onClose,
  closeLabel,
  tone = "default",
  scrollable = false,
  className,
  bodyClassName,
  children,
}: {
  /** `success` marks a finished action (the email sent) with a green check. */
  tone?: "default" | "success";
  /** The body scrolls inside a fixed height: make it reachable by keyboard. */
  scrollable?: boolean;
  icon: ReactNode;
  title: string;
  subtitle?: string;
  badge?: ReactNode;
  onClose?: () => void;
  closeLabel?: string;
  className?: string;
  bodyClassName?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className={cn(
        "flex min-h-0 flex-col rounded-2xl border border-border bg-card text-card-foreground shadow-sm",
        className,
      )}
    >
      <header className="flex items-center gap-3 border-b border-border/70 px-4 py-3">
        <span
          aria-hidden="true"
          className={cn(
            "grid size-8 shrink-0 place-items-center rounded-lg [&_svg]:size-4",
            tone === "success" ? "bg-emerald-100 text-emerald-800" : "bg-accent text-accent-foreground",
          )}
        >
          {icon}
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="text-sm font-semibold leading-tight text-balance">{title}</h3>
          {subtitle ? <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{subtitle}</p> : null}
        </div>
        {badge}
        {onClose ? (
          <button
            type="button"
            onClick={onClose}
            aria-label={closeLabel ?? `Close ${title}`}
            className="-mr-1.5 grid size-8 shrink-0 place-items-center rounded-full text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null}
      </header>
      <div
        className={cn(
          "min-h-0 px-4 py-3",
          scrollable &&
            "flex-1 overflow-y-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring",
          bodyClassName,
        )}
        {...(scrollable ? { tabIndex: 0, role: "group", "aria-label": `${title} details` } : {})}
      >
        {children}
      </div>
    </section>
  );
}

/** A label and value pair in a card. */
export function Field({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn("min-w-0", className)}>
      <dt className="text-[11px] font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 text-[13px] leading-snug text-foreground">{children}</dd>
    </div>
  );
}
