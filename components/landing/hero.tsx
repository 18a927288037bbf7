import { HeroDemo } from "@/components/landing/demos/hero-demo";
import { Logo } from "@/components/landing/logo";
import { DeviceTilt, HeroLogoMotion } from "@/components/landing/scroll-effects";
import { StaticPart } from "@/components/landing/static-part";
import { heroContent } from "@/content/landing/hero";
import { sectionIds } from "@/content/landing/navigation";

/**
 * The hero's frame, hydrated so the demo inside it can play; its backdrop and its words are static parts, sent once
 * as HTML and never hydrated.
 */
export function Hero() {
  return (
    <section id={sectionIds.hero} aria-labelledby="hero-heading" className="relative isolate overflow-hidden">
      <StaticPart part="hero-backdrop" />

      <div className="mx-auto flex max-w-6xl flex-col items-center px-6 pt-10 pb-20 text-center sm:pt-14 lg:pt-8 lg:pb-24 xl:max-w-7xl">
        <HeroLogoMotion className="mb-12 sm:mb-16 lg:mb-8">
          <Logo size={44} nameClassName="text-2xl sm:text-[1.7rem]" />
        </HeroLogoMotion>

        {/* On laptop screens and wider, the device sits beside the copy, so the demo is in the first screen and playing. */}
        <div className="flex w-full flex-col items-center lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1.15fr)] lg:items-center lg:gap-12 lg:text-left">
          <StaticPart part="hero-copy" />

          <div className="mt-16 w-full max-w-5xl sm:mt-20 lg:mt-0">
            <DeviceTilt>
              <div
                role="group"
                aria-label={heroContent.deviceLabel}
                className="rounded-[2rem] bg-gradient-to-b from-slate-800 to-slate-950 p-2 shadow-[0_40px_100px_-30px_oklch(0.35_0.15_275/0.55),0_0_0_1px_oklch(0.3_0.03_270)] sm:rounded-[2.5rem] sm:p-3"
              >
                <div className="relative h-[560px] overflow-hidden rounded-[1.5rem] bg-background ring-1 ring-black/10 sm:h-[640px] sm:rounded-[1.9rem] lg:h-[540px]">
                  <HeroDemo />
                </div>
              </div>
            </DeviceTilt>
            <noscript>
              <p className="mt-6 text-sm text-muted-foreground">{heroContent.noScriptNote}</p>
            </noscript>
          </div>
        </div>
      </div>
    </section>
  );
}
