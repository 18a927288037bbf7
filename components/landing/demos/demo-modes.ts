import { CHAT_SECTION_COPY as COPY } from "@/content/demo/chat-section";

export type DemoMode = "text" | "voice";

/** The chat demo's two modes, in the order the toggle shows them. */
export const DEMO_MODES = [
  { value: "text", label: COPY.textMode },
  { value: "voice", label: COPY.voiceMode },
] as const satisfies readonly { value: DemoMode; label: string }[];
