import { StaticPart } from "@/components/landing/static-part";
import { WaitlistIsland } from "@/components/waitlist/waitlist-island";

/**
 * The waiting list section (anchor join-waitlist): pitch and count beside the signup form. The pitch and the plain
 * form are static parts, in the page's HTML and never hydrated; the island around them loads the count and the
 * scripted form.
 */
export function WaitlistSection() {
  return (
    <section
      data-defer-render=""
      id="join-waitlist"
      aria-labelledby="join-waitlist-heading"
      className="bg-muted/60 py-20 sm:py-24"
    >
      <WaitlistIsland pitch={<StaticPart part="waitlist-pitch" />}>
        <StaticPart part="waitlist-plain-form" />
      </WaitlistIsland>
    </section>
  );
}
