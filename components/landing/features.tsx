import { Icon } from "@/components/icons/icon";
import { Reveal } from "@/components/landing/reveal";
import { SectionHeading } from "@/components/landing/section-heading";
import { Button } from "@/components/ui/button";
import {
  comingSoonFeatures,
  comingSoonLabel,
  currentFeatures,
  featuresCta,
  featuresIntro,
} from "@/content/landing/features";
import { sectionIds } from "@/content/landing/navigation";

export function Features() {
  return (
    <section
      data-defer-render=""
      id={sectionIds.features}
      aria-labelledby="features-heading"
      className="relative border-y border-border/60 bg-gradient-to-b from-background via-muted/70 to-background py-24 sm:py-32"
    >
      <div className="mx-auto max-w-6xl px-6">
        <Reveal>
          <SectionHeading id="features-heading" intro={featuresIntro} />
        </Reveal>

        <h3 className="sr-only">Available at launch</h3>
        <ul className="mt-16 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {currentFeatures.map((feature, index) => {
            return (
              <li key={feature.title}>
                <Reveal delay={(index % 3) as 0 | 1 | 2} className="h-full">
                  <article className="feature-card">
                    <span className="feature-icon">
                      <Icon name={feature.icon} className="size-6" />
                    </span>
                    <div className="flex flex-col gap-2">
                      <h4 className="text-lg font-semibold tracking-tight">{feature.title}</h4>
                      <p className="text-[0.95rem] leading-relaxed text-muted-foreground">{feature.body}</p>
                    </div>
                  </article>
                </Reveal>
              </li>
            );
          })}
        </ul>

        <Reveal className="mt-20">
          <div className="flex items-center gap-4">
            <h3 className="text-xl font-semibold tracking-tight">{comingSoonLabel}</h3>
            <div aria-hidden="true" className="h-px flex-1 bg-gradient-to-r from-border to-transparent" />
          </div>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {comingSoonFeatures.map((feature) => {
              return (
                <li key={feature.title} className="soon-card">
                  <span className="soon-icon">
                    <Icon name={feature.icon} className="size-5" />
                  </span>
                  <div className="flex min-w-0 flex-col gap-1">
                    {/* The badge on its own line in every card, so none wraps differently from the next. */}
                    <div className="flex flex-col items-start gap-1.5">
                      <h4 className="font-semibold tracking-tight">{feature.title}</h4>
                      <span className="soon-badge">{comingSoonLabel}</span>
                    </div>
                    <p className="text-sm leading-relaxed text-muted-foreground">{feature.body}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        </Reveal>

        <div className="mt-14 flex justify-center">
          <Button asChild size="lg" className="h-12 rounded-full px-7 shadow-lg shadow-primary/25">
            <a href={featuresCta.href}>
              {featuresCta.label}
              <Icon name="arrow-right" />
            </a>
          </Button>
        </div>
      </div>
    </section>
  );
}
