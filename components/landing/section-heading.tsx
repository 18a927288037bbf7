import type { SectionIntro } from "@/content/landing/types";
import { cn } from "@/lib/utils";

interface SectionHeadingProps {
  intro: SectionIntro;
  /** Id for the h2, so the section can be labelled by it. */
  id: string;
  className?: string;
  tone?: "light" | "dark";
  align?: "center" | "left";
}

/** Eyebrow, h2 and lead paragraph, the opening of every marketing section. */
export function SectionHeading({ intro, id, className, tone = "light", align = "center" }: SectionHeadingProps) {
  const dark = tone === "dark";
  return (
    <div
      className={cn(
        "flex max-w-2xl flex-col gap-4",
        align === "center" && "mx-auto items-center text-center",
        className,
      )}
    >
      <p
        className={cn(
          "inline-flex items-center gap-2 rounded-full px-3 py-1 text-xs font-semibold tracking-[0.14em] uppercase ring-1 ring-inset",
          dark ? "bg-white/10 text-indigo-100 ring-white/15" : "bg-accent text-accent-foreground ring-primary/15",
        )}
      >
        {intro.eyebrow}
      </p>
      <h2
        id={id}
        className={cn(
          "text-3xl font-semibold tracking-tight text-balance sm:text-4xl lg:text-5xl lg:leading-[1.08]",
          dark ? "text-white" : "text-foreground",
        )}
      >
        {intro.title}
      </h2>
      <p className={cn("text-base text-pretty sm:text-lg", dark ? "text-indigo-100/85" : "text-muted-foreground")}>
        {intro.lead}
      </p>
    </div>
  );
}
