import { Icon } from "@/components/icons/icon";
import { Reveal } from "@/components/landing/reveal";
import { SectionHeading } from "@/components/landing/section-heading";
import { sectionIds } from "@/content/landing/navigation";
import { whyCards, whyIntro } from "@/content/landing/why";

export function Why() {
  return (
    <section data-defer-render="" id={sectionIds.why} aria-labelledby="why-heading" className="py-24 sm:py-32">
      <div className="mx-auto max-w-6xl px-6">
        <Reveal>
          <SectionHeading id="why-heading" intro={whyIntro} />
        </Reveal>

        <ul className="mt-16 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {whyCards.map((card, index) => {
            return (
              <li key={card.title}>
                <Reveal delay={(index % 4) as 0 | 1 | 2 | 3} className="h-full">
                  <article className="why-card">
                    <div
                      aria-hidden="true"
                      className="absolute inset-x-0 top-0 h-24 bg-gradient-to-b from-accent/70 to-transparent"
                    />
                    <span className="why-icon">
                      <Icon name={card.icon} className="size-6" />
                    </span>
                    <h3 className="relative mt-1 text-lg font-semibold tracking-tight sm:mt-2">{card.title}</h3>
                    <p className="relative text-[0.95rem] leading-relaxed text-muted-foreground">{card.body}</p>
                  </article>
                </Reveal>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
