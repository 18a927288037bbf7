"use client";

import { Keyboard, Mic } from "lucide-react";
import { useState } from "react";

import { SegmentedControl } from "@/components/ui/segmented-control";
import { CHAT_SECTION_COPY as COPY } from "@/content/demo/chat-section";

import { TextModeDemo } from "./text-mode-demo";
import { VoiceModeDemo } from "./voice-mode-demo";

type Mode = "text" | "voice";

const modes = [
  { value: "text", label: COPY.textMode, icon: <Keyboard aria-hidden="true" /> },
  { value: "voice", label: COPY.voiceMode, icon: <Mic aria-hidden="true" /> },
] as const;

/** The chat section's interactive part: the mode toggle and the chosen mode's demo. */
export function ChatExperienceDemo() {
  const [mode, setMode] = useState<Mode>("text");
  return (
    <div className="w-full">
      <div className="mb-4 flex justify-center">
        <SegmentedControl label={COPY.modeLabel} options={modes} value={mode} onValueChange={setMode} />
      </div>
      {mode === "text" ? <TextModeDemo /> : <VoiceModeDemo />}
    </div>
  );
}
