import type { ShownCard } from "@/lib/try-otto/shown-card";

/**
 * What the live demo's route streams back, one JSON object a line: the reply as it arrives (`text`, appended), then
 * the answer as it stands (`final`, which replaces whatever streamed: a clipped reply, the fixed off-topic answer, or
 * the scripted demo's answer with a `notice` saying so), then `done`.
 */
export type TryOttoEvent =
  | { type: "text"; text: string }
  | { type: "final"; reply: string; card: ShownCard | null; notice?: string }
  | { type: "done"; conversation: string | null; turnsLeft: number };
