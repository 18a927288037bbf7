"use client";

import dynamic from "next/dynamic";

import { useLoadWhenNear } from "@/components/landing/use-load-when-near";

// Loaded when the section comes within a viewport's height of the screen, never during the page load.
const ChatExperienceDemo = dynamic(() => import("./chat-experience-demo").then((mod) => mod.ChatExperienceDemo), {
  ssr: false,
  loading: () => <ChatExperiencePlaceholder />,
});

/** The demo's outline, exactly its height (the mode switch is 46 px), so nothing below moves when it loads. */
function ChatExperiencePlaceholder() {
  return (
    <div aria-hidden="true" className="w-full">
      <div className="mx-auto mb-4 h-[46px] w-64 rounded-full bg-muted" />
      <div className="h-[560px] rounded-3xl border border-border bg-card shadow-xl" />
    </div>
  );
}

export function ChatExperienceIsland() {
  const [ref, load] = useLoadWhenNear<HTMLDivElement>("100% 0px");
  return (
    <div ref={ref} className="w-full min-w-0">
      {load ? <ChatExperienceDemo /> : <ChatExperiencePlaceholder />}
    </div>
  );
}
