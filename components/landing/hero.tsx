import { Icon } from "@/components/icons/icon";
import { HeroDemo } from "@/components/landing/demos/hero-demo";
import { Logo } from "@/components/landing/logo";
import { DeviceTilt, HeroLogoMotion } from "@/components/landing/scroll-effects";
import { Button } from "@/components/ui/button";
import { heroContent } from "@/content/landing/hero";
import { sectionIds } from "@/content/landing/navigation";

/** Splits the headline so "AI employee" can carry the accent colour without changing the words. */
function Headline({ text }: { text: string }) {
  const accent = "AI employee";
  const at = text.indexOf(accent);
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <span className="whitespace-nowrap text-primary">{accent}</span>
      {text.slice(at + accent.length)}
    </>
  );
}

export function Hero() {
  return (
    <section id={sectionIds.hero} aria-labelledby="hero-heading" className="relative isolate overflow-hidden">
      {/* Backdrop: a soft indigo glow over a faint grid, fading out towards the edges. */}
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute inset-0 bg-[radial-gradient(60%_50%_at_50%_0%,oklch(0.86_0.09_278/0.7),transparent_70%)]" />
        <div className="absolute inset-0 bg-[url(/images/grid.svg)] bg-[length:48px_48px] bg-top [mask-image:radial-gradient(70%_55%_at_50%_0%,black,transparent)] opacity-70" />
        <div className="absolute top-[38rem] left-1/2 h-[36rem] w-[64rem] -translate-x-1/2 rounded-full bg-[radial-gradient(closest-side,oklch(0.7_0.16_280/0.22),transparent)]" />
      </div>

      <div className="mx-auto flex max-w-6xl flex-col items-center px-6 pt-10 pb-20 text-center sm:pt-14 lg:pt-8 lg:pb-24 xl:max-w-7xl">
        <HeroLogoMotion className="mb-12 sm:mb-16 lg:mb-8">
          <Logo size={44} nameClassName="text-2xl sm:text-[1.7rem]" />
        </HeroLogoMotion>

        {/* On laptop screens and wider, the device sits beside the copy, so the demo is in the first screen and playing. */}
        <div className="flex w-full flex-col items-center lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1.15fr)] lg:items-center lg:gap-12 lg:text-left">
          <div className="flex flex-col items-center lg:items-start">
            <p className="mb-6 inline-flex items-center gap-2 rounded-full border border-primary/15 bg-card/80 px-3.5 py-1.5 text-sm font-medium text-accent-foreground shadow-sm backdrop-blur">
              <span aria-hidden="true" className="size-2 rounded-full bg-primary ring-4 ring-primary/15" />
              {heroContent.eyebrow}
            </p>

            <h1
              id="hero-heading"
              className="max-w-4xl text-4xl leading-[1.05] font-semibold tracking-tight text-balance text-foreground sm:text-6xl lg:text-5xl xl:text-6xl"
            >
              <Headline text={heroContent.headline} />
            </h1>

            <p className="mt-6 max-w-2xl text-lg text-pretty text-muted-foreground sm:text-xl lg:text-lg">
              {heroContent.subline}
            </p>

            <div className="mt-10 flex w-full flex-col items-center justify-center gap-3 sm:w-auto sm:flex-row lg:mt-8 lg:justify-start">
              <Button asChild size="lg" className="h-12 w-full rounded-full px-7 shadow-lg shadow-primary/30 sm:w-auto">
                <a href={heroContent.primaryCta.href}>
                  {heroContent.primaryCta.label}
                  <Icon name="arrow-right" />
                </a>
              </Button>
              <Button
                asChild
                size="lg"
                variant="outline"
                className="h-12 w-full rounded-full bg-card/70 px-7 sm:w-auto"
              >
                <a href={heroContent.secondaryCta.href}>{heroContent.secondaryCta.label}</a>
              </Button>
            </div>

            <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-5 gap-y-2 text-sm text-muted-foreground lg:justify-start">
              {heroContent.reassurance.map((item) => (
                <li key={item} className="inline-flex items-center gap-1.5">
                  <Icon name="check" className="size-4 text-success" />
                  {item}
                </li>
              ))}
            </ul>
          </div>

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
          </div>
        </div>
      </div>
    </section>
  );
}
