import { TRY_OTTO_COPY } from "@/content/demo/try-otto";

/** The live demo section's words: eyebrow, heading and intro. */
export function TryOttoCopy() {
  return (
    <div className="max-w-2xl">
      <p className="text-sm font-semibold uppercase tracking-wider text-primary">{TRY_OTTO_COPY.eyebrow}</p>
      <h2 id="try-otto-heading" className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {TRY_OTTO_COPY.heading}
      </h2>
      <p className="mt-4 text-lg text-pretty text-muted-foreground">{TRY_OTTO_COPY.intro}</p>
    </div>
  );
}
