import { Icon } from "@/components/icons/icon";
import { Button } from "@/components/ui/button";
import { heroContent } from "@/content/landing/hero";

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

/** The hero's backdrop: a soft indigo glow over a faint grid, fading out towards the edges. */
export function HeroBackdrop() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
      <div className="absolute inset-0 bg-[radial-gradient(60%_50%_at_50%_0%,oklch(0.86_0.09_278/0.7),transparent_70%)]" />
      <div className="absolute inset-0 bg-[url(/images/grid.svg)] bg-[length:48px_48px] bg-top [mask-image:radial-gradient(70%_55%_at_50%_0%,black,transparent)] opacity-70" />
      <div className="absolute top-[38rem] left-1/2 h-[36rem] w-[64rem] -translate-x-1/2 rounded-full bg-[radial-gradient(closest-side,oklch(0.7_0.16_280/0.22),transparent)]" />
    </div>
  );
}

/** The hero's words: eyebrow, headline, subline, the two calls to action and the reassurances. */
export function HeroCopy() {
  return (
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
        <Button asChild size="lg" variant="outline" className="h-12 w-full rounded-full bg-card/70 px-7 sm:w-auto">
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
  );
}
