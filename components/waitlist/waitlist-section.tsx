import { Icon } from "@/components/icons/icon";
import { WaitlistCountIsland } from "@/components/waitlist/waitlist-count-island";
import { WaitlistFormIsland } from "@/components/waitlist/waitlist-form-island";
import { WaitlistPlainForm } from "@/components/waitlist/waitlist-plain-form";
import { waitlistCopy } from "@/content/waitlist";

/** The waiting list section (anchor join-waitlist): pitch and count beside the signup form. Self-contained. */
export function WaitlistSection() {
  return (
    <section
      data-defer-render=""
      id="join-waitlist"
      aria-labelledby="join-waitlist-heading"
      className="bg-muted/60 py-20 sm:py-24"
    >
      {/* The padding sits inside the max width, as in every other section, so the content lines up with theirs. */}
      <div className="mx-auto grid max-w-6xl items-start gap-12 px-6 lg:grid-cols-[1fr_minmax(0,32rem)]">
        <div className="grid gap-6">
          <h2 id="join-waitlist-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {waitlistCopy.heading}
          </h2>
          <p className="max-w-prose text-lg text-muted-foreground">{waitlistCopy.intro}</p>
          <ul className="grid gap-3">
            {waitlistCopy.bullets.map((bullet) => (
              <li key={bullet} className="flex items-start gap-3">
                <span className="waitlist-bullet-mark">
                  <Icon name="check" className="size-4" />
                </span>
                <span>{bullet}</span>
              </li>
            ))}
          </ul>
          <div className="flex items-center gap-3 rounded-lg border bg-background px-4 py-3 text-sm font-medium">
            <Icon name="users" className="size-5 shrink-0 text-primary" />
            <WaitlistCountIsland />
          </div>
        </div>
        <div className="rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8">
          <WaitlistFormIsland>
            <WaitlistPlainForm />
          </WaitlistFormIsland>
        </div>
      </div>
    </section>
  );
}
