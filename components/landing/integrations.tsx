import type { SimpleIcon } from "simple-icons";

import { Reveal } from "@/components/landing/reveal";
import { DriftGroup } from "@/components/landing/scroll-effects";
import { SectionHeading } from "@/components/landing/section-heading";
import {
  integrationLogoUrl,
  integrationRows,
  integrationsIntro,
  integrationsNote,
} from "@/content/landing/integrations";
import { sectionIds } from "@/content/landing/navigation";

/** A brand logo: a static SVG in the brand's colour (the page carries no path data), fetched as it nears the view. */
function BrandMark({ icon }: { icon: SimpleIcon }) {
  return (
    // eslint-disable-next-line @next/next/no-img-element
    <img
      src={integrationLogoUrl(icon)}
      alt={icon.title}
      width={36}
      height={36}
      loading="lazy"
      decoding="async"
      className="size-8 shrink-0 sm:size-9"
    />
  );
}

export function Integrations() {
  return (
    <section
      data-defer-render=""
      id={sectionIds.integrations}
      aria-labelledby="integrations-heading"
      className="relative isolate overflow-hidden bg-[oklch(0.22_0.07_276)] pt-24 pb-16 sm:pt-32 sm:pb-20"
    >
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute inset-0 bg-[radial-gradient(60%_60%_at_50%_0%,oklch(0.45_0.2_278/0.55),transparent_70%)]" />
        <div className="absolute inset-0 bg-[url(/images/grid-dark.svg)] bg-[length:48px_48px] [mask-image:radial-gradient(60%_70%_at_50%_40%,black,transparent)] opacity-60" />
      </div>

      <div className="mx-auto max-w-6xl px-6">
        <Reveal>
          <SectionHeading id="integrations-heading" intro={integrationsIntro} tone="dark" />
        </Reveal>
      </div>

      <DriftGroup className="relative mt-16 flex flex-col gap-4 overflow-hidden py-2 sm:gap-5">
        {/* Edge fades in the section colour, so logos slide in and out of view. */}
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-0 z-10 w-10 bg-gradient-to-r from-[oklch(0.22_0.07_276)] to-transparent sm:w-24 xl:hidden"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 right-0 z-10 w-10 bg-gradient-to-l from-[oklch(0.22_0.07_276)] to-transparent sm:w-24 xl:hidden"
        />
        {integrationRows.map((row, rowIndex) => (
          <div key={rowIndex} className="flex justify-center">
            <ul
              data-drift={rowIndex % 2 === 0 ? "-1" : "1"}
              aria-label={`Integrations, row ${rowIndex + 1} of ${integrationRows.length}`}
              className="flex w-max shrink-0 gap-4 will-change-transform sm:gap-5"
            >
              {row.map(({ icon, category }) => (
                <li key={icon.slug} className="integration-tile">
                  <BrandMark icon={icon} />
                  <span className="flex min-w-0 flex-col">
                    {/* Names wrap rather than being cut ("Google Calendar" whole at every width). */}
                    <span aria-hidden="true" className="integration-name">
                      {icon.title}
                    </span>
                    <span className="text-xs text-slate-600">{category}</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </DriftGroup>

      <p className="mx-auto mt-12 max-w-xl px-6 text-center text-xs text-indigo-100/70">{integrationsNote}</p>
    </section>
  );
}
