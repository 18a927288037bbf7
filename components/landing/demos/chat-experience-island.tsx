"use client";

import dynamic from "next/dynamic";
import { useEffect, useRef, useState } from "react";

// Loaded when the section comes near the viewport or the browser is idle, whichever is first.
const ChatExperienceDemo = dynamic(() => import("./chat-experience-demo").then((mod) => mod.ChatExperienceDemo), {
  ssr: false,
  loading: () => <ChatExperiencePlaceholder />,
});

function ChatExperiencePlaceholder() {
  return (
    <div aria-hidden="true" className="w-full">
      <div className="mx-auto mb-4 h-11 w-64 rounded-full bg-muted" />
      <div className="h-[560px] rounded-3xl border border-border bg-card shadow-xl" />
    </div>
  );
}

export function ChatExperienceIsland() {
  const ref = useRef<HTMLDivElement>(null);
  const [load, setLoad] = useState(false);

  useEffect(() => {
    if (load) return;
    const element = ref.current;
    const start = () => setLoad(true);
    const idle =
      typeof window.requestIdleCallback === "function"
        ? window.requestIdleCallback(start, { timeout: 3000 })
        : window.setTimeout(start, 1500);
    let observer: IntersectionObserver | undefined;
    if (element && typeof IntersectionObserver !== "undefined") {
      observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) start();
      }, { rootMargin: "400px 0px" });
      observer.observe(element);
    }
    return () => {
      observer?.disconnect();
      if (typeof window.cancelIdleCallback === "function") window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [load]);

  return (
    <div ref={ref} className="w-full min-w-0">
      {load ? <ChatExperienceDemo /> : <ChatExperiencePlaceholder />}
    </div>
  );
}
