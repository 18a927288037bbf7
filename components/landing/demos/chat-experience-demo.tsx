"use client";

import { useEffect, useLayoutEffect, useRef, useState } from "react";

import { Icon } from "@/components/icons/icon";
import { DEMO_MODES, type DemoMode } from "@/components/landing/demos/demo-modes";
import { modeFocusKey } from "@/components/landing/demos/focus-keys";
import { TextModeDemo } from "@/components/landing/demos/text-mode-demo";
import { VoiceModeDemo } from "@/components/landing/demos/voice-mode-demo";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { CHAT_SECTION_COPY as COPY } from "@/content/demo/chat-section";
import { reportBrowserErrors } from "@/lib/errors/browser-reporter";

const icons = { text: <Icon name="keyboard" />, voice: <Icon name="mic" /> } as const;
const modes = DEMO_MODES.map((mode) => ({ ...mode, icon: icons[mode.value], carryFocus: modeFocusKey(mode.value) }));

/** Where the visitor was in the built page's version of the demo when this one took its place. */
export interface CarriedDemo {
  mode?: DemoMode;
  /** The `data-carry-focus` key of the control that had focus. */
  focus?: string;
  /** A quick question pressed before this code arrived: it plays at once. */
  ask?: string;
}

/** The chat section's interactive part: the mode toggle and the chosen mode's demo. */
export function ChatExperienceDemo({ carried }: { carried?: CarriedDemo } = {}) {
  // Loaded when a visitor reaches the demo: from then on, the page's own errors are reported.
  useEffect(reportBrowserErrors, []);
  const [mode, setMode] = useState<DemoMode>(carried?.mode ?? "text");
  const ref = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    // Taking the built page's place: focus goes to the same control, before the next key press can land.
    if (!carried?.focus) return;
    ref.current?.querySelector<HTMLElement>(`[data-carry-focus="${CSS.escape(carried.focus)}"]`)?.focus();
    // Only on mount: later renders never move focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div ref={ref} className="w-full">
      <div className="mb-4 flex justify-center">
        <SegmentedControl label={COPY.modeLabel} options={modes} value={mode} onValueChange={setMode} />
      </div>
      {mode === "text" ? <TextModeDemo ask={carried?.ask} /> : <VoiceModeDemo />}
    </div>
  );
}
