import { Icon } from "@/components/icons/icon";
import { Reveal } from "@/components/landing/reveal";
import { SectionHeading } from "@/components/landing/section-heading";
import { industries, industriesIntro } from "@/content/landing/industries";
import { sectionIds } from "@/content/landing/navigation";

export function Industries() {
  return (
    <section
      data-defer-render=""
      id={sectionIds.industries}
      aria-labelledby="industries-heading"
      className="py-24 sm:py-32"
    >
      <div className="mx-auto max-w-6xl px-6">
        <Reveal>
          <SectionHeading id="industries-heading" intro={industriesIntro} />
        </Reveal>

        <Reveal delay={1}>
          <ul className="mt-16 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
            {industries.map((industry) => {
              return (
                <li key={industry.title} className="group industry-card">
                  <span className="industry-icon">
                    <Icon name={industry.icon} className="size-5" />
                  </span>
                  <h3 className="font-semibold tracking-tight">{industry.title}</h3>
                  <p className="text-sm leading-relaxed text-muted-foreground">{industry.body}</p>
                </li>
              );
            })}
          </ul>
        </Reveal>
      </div>
    </section>
  );
}
