import { Icon } from "@/components/icons/icon";
import { waitlistCopy } from "@/content/waitlist";

/**
 * The waiting list's pitch: heading, intro and bullets. Its box adds no layout of its own (`contents`): the three
 * sit in the section's grid as they would without it.
 */
export function WaitlistPitch() {
  return (
    <div className="contents">
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
    </div>
  );
}
