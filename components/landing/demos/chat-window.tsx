import type { ReactNode } from "react";

import { AssistantAvatar } from "@/components/landing/demos/assistant-avatar";
import { siteConfig } from "@/config/site";

/** The chat section's window: header with the assistant, then the mode's own content. */
export function ChatWindow({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  return (
    <div className="flex h-[560px] flex-col overflow-hidden rounded-3xl border border-border bg-card shadow-[0_30px_80px_-40px_oklch(0.35_0.12_275/0.45)]">
      <div className="flex items-center gap-3 border-b border-border px-5 py-3">
        <AssistantAvatar className="size-9" />
        <div className="min-w-0">
          <p className="text-sm font-semibold leading-tight">{siteConfig.name}</p>
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-500" />
            {subtitle}
          </p>
        </div>
      </div>
      {children}
    </div>
  );
}
