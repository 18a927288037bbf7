import { Icon } from "@/components/icons/icon";
import { Reveal } from "@/components/landing/reveal";
import { SectionHeading } from "@/components/landing/section-heading";
import { comparisonIntro, dontNeed, dontNeedTitle, getTitle, youGet } from "@/content/landing/comparison";
import { sectionIds } from "@/content/landing/navigation";

export function Comparison() {
  return (
    <section
      data-defer-render=""
      id={sectionIds.comparison}
      aria-labelledby="comparison-heading"
      className="py-24 sm:py-32"
    >
      <div className="mx-auto max-w-5xl px-6">
        <Reveal>
          <SectionHeading id="comparison-heading" intro={comparisonIntro} />
        </Reveal>

        <div className="mt-16 grid gap-6 md:grid-cols-2">
          <Reveal className="h-full">
            <div className="flex h-full flex-col rounded-3xl border bg-muted/60 p-8 sm:p-10">
              <h3 className="text-xl font-semibold tracking-tight text-foreground">{dontNeedTitle}</h3>
              <ul className="mt-6 flex flex-col gap-4">
                {dontNeed.map((item) => (
                  <li key={item} className="flex items-start gap-3 text-muted-foreground">
                    <span className="comparison-mark-without">
                      <Icon name="x" className="size-3.5" strokeWidth={2.5} />
                    </span>
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          </Reveal>

          <Reveal delay={1} className="h-full">
            <div className="relative isolate flex h-full flex-col overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-600 via-primary to-violet-800 p-8 text-white shadow-[0_30px_60px_-30px_oklch(0.35_0.18_275/0.7)] sm:p-10">
              <div
                aria-hidden="true"
                className="absolute -top-20 -right-20 -z-10 size-64 rounded-full bg-white/15 blur-3xl"
              />
              <h3 className="text-xl font-semibold tracking-tight">{getTitle}</h3>
              <ul className="mt-6 flex flex-col gap-4">
                {youGet.map((item) => (
                  <li key={item} className="flex items-start gap-3 font-medium">
                    <span className="comparison-mark-with">
                      <Icon name="check" className="size-3.5" strokeWidth={3} />
                    </span>
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          </Reveal>
        </div>
      </div>
    </section>
  );
}
