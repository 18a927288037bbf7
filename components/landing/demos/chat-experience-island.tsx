"use client";

import dynamic from "next/dynamic";

import { IslandStandIn } from "@/components/landing/island-stand-in";
import { useLoadWhenNear } from "@/components/landing/use-load-when-near";

// Loaded when the section comes within a viewport's height of the screen, never during the page load.
const loadDemo = () => import("./chat-experience-demo");
const ChatExperienceDemo = dynamic(() => loadDemo().then((mod) => mod.ChatExperienceDemo), {
  ssr: false,
  loading: () => <ChatExperiencePlaceholder standIn={false} />,
});

/**
 * The demo's outline, exactly its height (the mode switch is 46 px), so nothing below moves when it loads. Its
 * stand-in button is there for keyboard visitors, who reach the section before scrolling to it: focusing it
 * loads the demo and moves focus into it.
 */
function ChatExperiencePlaceholder({ standIn = true }: { standIn?: boolean }) {
  return (
    <div className="relative w-full">
      {standIn ? <IslandStandIn label="Load the chat demo" /> : null}
      <div aria-hidden="true" className="mx-auto mb-4 h-[46px] w-64 rounded-full bg-muted" />
      <div aria-hidden="true" className="h-[560px] rounded-3xl border border-border bg-card shadow-xl" />
    </div>
  );
}

export function ChatExperienceIsland() {
  const [ref, load, focusHandlers] = useLoadWhenNear<HTMLDivElement>("100% 0px", loadDemo);
  return (
    <div ref={ref} className="w-full min-w-0" {...focusHandlers}>
      {load ? <ChatExperienceDemo /> : <ChatExperiencePlaceholder />}
    </div>
  );
}
