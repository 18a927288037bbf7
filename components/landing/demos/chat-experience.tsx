import { ChatDemoShell } from "@/components/landing/demos/chat-demo-shell";
import { ChatExperienceIsland } from "@/components/landing/demos/chat-experience-island";
import { siteConfig } from "@/config/site";
import { CHAT_SECTION_COPY } from "@/content/demo/chat-section";

/** The chat demo section: heading, copy and the demo's first screen render on the server; its behaviour is a lazy island. */
export function ChatExperience() {
  return (
    <section
      data-defer-render=""
      id="chat-experience"
      aria-labelledby="chat-experience-heading"
      className="bg-muted/40 py-20 sm:py-28"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,36rem)]">
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
        <ChatExperienceIsland>
          <ChatDemoShell />
        </ChatExperienceIsland>
      </div>
    </section>
  );
}
