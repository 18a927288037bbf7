import { siteConfig } from "@/config/site";
import { CHAT_SECTION_COPY } from "@/content/demo/chat-section";

/** The chat demo section's words beside the demo: eyebrow, heading, intro and its points. */
export function ChatExperienceCopy() {
  return (
    <div className="max-w-xl">
      <p className="text-sm font-semibold uppercase tracking-wider text-primary">{CHAT_SECTION_COPY.eyebrow}</p>
      <h2 id="chat-experience-heading" className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {CHAT_SECTION_COPY.heading}
      </h2>
      <p className="mt-4 text-lg text-pretty text-muted-foreground">{CHAT_SECTION_COPY.intro(siteConfig.name)}</p>
      <ul className="mt-6 space-y-3">
        {CHAT_SECTION_COPY.points.map((point) => (
          <li key={point.title} className="flex gap-3">
            <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-primary" />
            <p className="text-sm text-muted-foreground">
              <span className="font-semibold text-foreground">{point.title}</span> {point.text}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
