import { Icon } from "@/components/icons/icon";
import { Reveal } from "@/components/landing/reveal";
import { SectionHeading } from "@/components/landing/section-heading";
import { Button } from "@/components/ui/button";
import { sectionIds } from "@/content/landing/navigation";
import { painPoints, painPointsCta, painPointsIntro, solutionLabel } from "@/content/landing/pain-points";

export function PainPoints() {
  return (
    <section
      data-defer-render=""
      id={sectionIds.painPoints}
      aria-labelledby="pain-points-heading"
      className="py-24 sm:py-32"
    >
      <div className="mx-auto max-w-6xl px-6">
        <Reveal>
          <SectionHeading id="pain-points-heading" intro={painPointsIntro} />
        </Reveal>

        <ul className="mt-16 grid gap-6 md:grid-cols-2">
          {painPoints.map((point, index) => {
            return (
              <li key={point.title}>
                <Reveal delay={(index % 2) as 0 | 1} className="h-full">
                  <article className="group pain-card">
                    <div className="flex flex-1 flex-col gap-5 p-7 sm:p-8">
                      <div className="flex items-center gap-3">
                        <span className="pain-icon">
                          <Icon name={point.icon} className="size-5" />
                        </span>
                        <h3 className="text-xl font-semibold tracking-tight">{point.title}</h3>
                      </div>
                      <div className="flex gap-3">
                        <Icon name="circle-alert" className="mt-0.5 size-5 shrink-0 text-destructive" />
                        <div>
                          <p className="text-xs font-semibold tracking-[0.12em] text-destructive uppercase">
                            The problem
                          </p>
                          <p className="mt-1.5 text-muted-foreground">{point.problem}</p>
                        </div>
                      </div>
                    </div>
                    <div className="pain-solution">
                      <Icon name="circle-check" className="mt-0.5 size-5 shrink-0 text-success" />
                      <div>
                        <p className="text-xs font-semibold tracking-[0.12em] text-success uppercase">
                          {solutionLabel}
                        </p>
                        <p className="mt-1.5 font-medium text-accent-foreground">{point.solution}</p>
                      </div>
                    </div>
                  </article>
                </Reveal>
              </li>
            );
          })}
        </ul>

        <div className="mt-14 flex justify-center">
          <Button asChild size="lg" className="h-12 rounded-full px-7 shadow-lg shadow-primary/25">
            <a href={painPointsCta.href}>
              {painPointsCta.label}
              <Icon name="arrow-right" />
            </a>
          </Button>
        </div>
      </div>
    </section>
  );
}
