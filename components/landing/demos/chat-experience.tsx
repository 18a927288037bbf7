import { ChatExperienceIsland } from "@/components/landing/demos/chat-experience-island";
import { StaticPart } from "@/components/landing/static-part";

/**
 * The chat demo section's frame, hydrated for the demo's island; the words and the demo's first screen are static
 * parts, in the page's HTML and never hydrated, until the scripted demo takes the first screen's place.
 */
export function ChatExperience() {
  return (
    <section
      data-defer-render=""
      id="chat-experience"
      aria-labelledby="chat-experience-heading"
      className="bg-muted/40 py-20 sm:py-28"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,36rem)]">
        <StaticPart part="chat-experience-copy" />
        <ChatExperienceIsland>
          <StaticPart part="chat-demo-shell" />
        </ChatExperienceIsland>
      </div>
    </section>
  );
}
