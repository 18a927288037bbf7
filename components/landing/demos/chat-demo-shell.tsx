import { Icon } from "@/components/icons/icon";
import { MessageLog } from "@/components/landing/demos/chat-parts";
import { ChatWindow } from "@/components/landing/demos/chat-window";
import { DEMO_MODES } from "@/components/landing/demos/demo-modes";
import { modeFocusKey } from "@/components/landing/demos/focus-keys";
import {
  conversationClass,
  DisabledMessageBar,
  QuickQuestionList,
  TEXT_CHAT_SUBTITLE,
} from "@/components/landing/demos/text-mode-parts";
import { segmentedLabelClass, segmentedRootClass } from "@/components/ui/segmented-control-styles";
import { siteConfig } from "@/config/site";
import { CHAT_SECTION_COPY as COPY } from "@/content/demo/chat-section";
import { greetingScript } from "@/content/demo/text-mode";
import { finishedSnapshot } from "@/lib/demo/player";

const icons = { text: <Icon name="keyboard" />, voice: <Icon name="mic" /> } as const;

/**
 * The chat demo as the built page has it, before any script: the mode toggle (native radios), the greeting,
 * the six questions and the message bar, drawn exactly as the scripted demo draws its first screen. Keyboard
 * visitors reach its controls in page order at once; the scripted demo takes its place when its code arrives,
 * focus and choice included.
 */
export function ChatDemoShell() {
  const greeting = finishedSnapshot(greetingScript).messages;
  return (
    <div className="w-full">
      <div className="mb-4 flex justify-center">
        <div role="radiogroup" aria-label={COPY.modeLabel} className={segmentedRootClass}>
          {DEMO_MODES.map((mode) => (
            <label key={mode.value} className={segmentedLabelClass}>
              <input
                type="radio"
                name="demo-mode"
                value={mode.value}
                defaultChecked={mode.value === "text"}
                data-carry-focus={modeFocusKey(mode.value)}
                className="sr-only"
              />
              {icons[mode.value]}
              {mode.label}
            </label>
          ))}
        </div>
      </div>
      <ChatWindow subtitle={TEXT_CHAT_SUBTITLE}>
        <div tabIndex={-1} role="group" aria-label="Conversation" className={conversationClass}>
          <MessageLog
            messages={greeting}
            assistantName={siteConfig.name}
            label={COPY.textLog}
            announce
            still={new Set(greeting.map((message) => message.id))}
          />
          <QuickQuestionList />
        </div>
        <DisabledMessageBar />
      </ChatWindow>
    </div>
  );
}
