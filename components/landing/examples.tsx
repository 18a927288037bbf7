import { Icon } from "@/components/icons/icon";
import { Reveal } from "@/components/landing/reveal";
import { SectionHeading } from "@/components/landing/section-heading";
import { siteConfig } from "@/config/site";
import { dayMoments, examplesIntro, examplesOutro } from "@/content/landing/examples";
import { sectionIds } from "@/content/landing/navigation";

/** "A day with {product}": four timed moments that lead into the hands-on chat demo below. */
export function Examples() {
  return (
    <section
      data-defer-render=""
      id={sectionIds.examples}
      aria-labelledby="examples-heading"
      className="border-t border-border/60 bg-gradient-to-b from-muted/70 to-background pt-24 pb-12 sm:pt-32"
    >
      <div className="mx-auto max-w-6xl px-6">
        <Reveal>
          <SectionHeading id="examples-heading" intro={examplesIntro} />
        </Reveal>

        <ol className="relative mt-16 grid gap-5 md:grid-cols-2 lg:grid-cols-4">
          {dayMoments.map((moment, index) => (
            <li key={moment.time}>
              <Reveal delay={(index % 4) as 0 | 1 | 2 | 3} className="h-full">
                <article className="example-card">
                  <p className="flex items-center gap-2 font-mono text-sm font-semibold text-primary">
                    <span aria-hidden="true" className="size-2 rounded-full bg-primary" />
                    <time>{moment.time}</time>
                  </p>
                  <h3 className="sr-only">At {moment.time}</h3>
                  <p className="example-quote">
                    <span className="sr-only">You: </span>“{moment.ask}”
                  </p>
                  <p className="mt-4 flex gap-2 text-sm leading-relaxed text-muted-foreground">
                    <Icon name="circle-check" className="mt-0.5 size-4 shrink-0 text-success" />
                    <span>
                      <span className="sr-only">{siteConfig.name}: </span>
                      {moment.outcome}
                    </span>
                  </p>
                </article>
              </Reveal>
            </li>
          ))}
        </ol>

        <p className="mt-12 flex items-center justify-center gap-2 text-center text-sm font-medium text-muted-foreground">
          <Icon name="arrow-down" className="size-4 text-primary" />
          {examplesOutro}
        </p>
      </div>
    </section>
  );
}
