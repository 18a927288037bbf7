import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import { heldReasonLabel, heldReasonShort } from "@/lib/validation/challenge";

/** The look of everything about signups held for review: a warning, without alarm. */
export const heldTone = "border-warning/60 bg-warning/15 text-foreground";

/**
 * "Held" in place of a held entry's status (it is waiting, but counts nowhere until released). Why it was
 * held is the badge's tooltip and, for screen readers, part of its text; the entry's page says it in full.
 */
export function HeldBadge({ reason }: { reason: string | null }) {
  const label = heldReasonLabel(reason);
  return (
    <Badge variant="outline" className={heldTone} title={label || undefined} data-testid="held-badge">
      Held
      {label && <span className="sr-only">: {label}</span>}
    </Badge>
  );
}

/**
 * A held entry's status in the list: the Held badge and, in plain words under it, why, so the team can tell a
 * person whose browser runs no JavaScript from a garbled or reused check without opening each entry. The
 * full reason is its tooltip; the entry's page says it in full too.
 */
export function HeldStatus({ reason }: { reason: string | null }) {
  const short = heldReasonShort(reason);
  return (
    <span className="grid justify-items-start gap-1">
      <Badge variant="outline" className={heldTone} data-testid="held-badge">
        Held
        {short && <span className="sr-only">:</span>}
      </Badge>
      {short && (
        <span
          className="max-w-40 text-xs leading-snug text-muted-foreground"
          title={heldReasonLabel(reason)}
          data-testid="held-reason"
        >
          {short}
        </span>
      )}
    </span>
  );
}

/** A held entry's notice on its page: since when, why, and what holding means; the actions follow it. */
export function HeldNotice({
  heldAt,
  reason,
  children,
  className,
}: {
  /** When it was held, as the page formats it (UTC). */
  heldAt: string;
  reason: string | null;
  children?: React.ReactNode;
  className?: string;
}) {
  const label = heldReasonLabel(reason);
  return (
    <section
      aria-labelledby="held-notice"
      className={cn("grid gap-3 rounded-lg border px-4 py-3 text-sm", heldTone, className)}
    >
      <h2 id="held-notice" className="text-base font-semibold">
        Held for review
      </h2>
      <p>
        Held since {heldAt}.{label ? ` Why: ${label}.` : ""}
      </p>
      <p>
        They have not been sent a confirmation email and are not counted on the waiting list. Release them if they look
        like a real person, or delete them.
      </p>
      {children}
    </section>
  );
}
