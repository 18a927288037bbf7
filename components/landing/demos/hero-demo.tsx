/** Placeholder until the hero chat demo lands (issue 7). */
export function HeroDemo() {
  return <div className="h-full w-full" aria-hidden="true" />;
}
