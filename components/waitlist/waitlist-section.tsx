import { Icon } from "@/components/icons/icon";
import { WaitlistIsland } from "@/components/waitlist/waitlist-island";
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
      <WaitlistIsland
        pitch={
          <>
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
          </>
        }
      >
        <WaitlistPlainForm />
      </WaitlistIsland>
    </section>
  );
}
