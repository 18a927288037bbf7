import { BusinessCarousel } from "@/components/landing/business-carousel";
import { Reveal } from "@/components/landing/reveal";
import { StaticPart } from "@/components/landing/static-part";
import { siteConfig } from "@/config/site";
import { businessExamples } from "@/content/landing/business-examples";
import { sectionIds } from "@/content/landing/navigation";

/** The business examples' frame, hydrated for the carousel; the heading above it is a static part. */
export function BusinessExamples() {
  return (
    <section
      data-defer-render=""
      id={sectionIds.businessExamples}
      aria-labelledby="business-examples-heading"
      className="relative overflow-hidden border-y border-border/60 bg-gradient-to-b from-muted/80 to-background py-24 sm:py-32"
    >
      <div className="mx-auto max-w-6xl px-6">
        <Reveal>
          <StaticPart part="business-examples-heading" />
        </Reveal>

        <Reveal delay={1} className="mt-12">
          <BusinessCarousel
            label="Example commands by business type"
            assistantName={siteConfig.name}
            slides={businessExamples}
          />
        </Reveal>
      </div>
    </section>
  );
}
