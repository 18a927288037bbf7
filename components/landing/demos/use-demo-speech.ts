"use client";

import { useCallback, useEffect, useRef } from "react";

import type { DemoMessage } from "@/lib/demo/player";

/** The browser's speech synthesis, where it has one. */
function synthesis(): SpeechSynthesis | null {
  return typeof window !== "undefined" && "speechSynthesis" in window ? window.speechSynthesis : null;
}

/** A British English voice if the browser has one, so the sample sounds like the businesses it is for. */
function britishVoice(speech: SpeechSynthesis): SpeechSynthesisVoice | undefined {
  const voices = speech.getVoices();
  return voices.find((voice) => voice.lang === "en-GB") ?? voices.find((voice) => voice.lang.startsWith("en"));
}

/**
 * Speaks a demo's messages as they appear, while `enabled`: the visitor in one voice, the assistant a little
 * higher. `start()` must run inside the visitor's click (browsers only let a page speak after one); anything
 * still being said stops when the demo is closed, the sound is turned off, or the demo leaves the page.
 */
export function useDemoSpeech(messages: readonly DemoMessage[], enabled: boolean) {
  const spoken = useRef(0);
  const active = useRef(false);

  const stop = useCallback(() => {
    active.current = false;
    synthesis()?.cancel();
  }, []);

  const start = useCallback(() => {
    const speech = synthesis();
    spoken.current = 0;
    active.current = enabled && speech !== null;
    if (!active.current || !speech) return;
    speech.cancel();
    // Said inside the click, an empty utterance is what unlocks speech for the lines that follow.
    speech.speak(new SpeechSynthesisUtterance(""));
  }, [enabled]);

  useEffect(() => {
    if (!enabled) stop();
  }, [enabled, stop]);

  useEffect(() => stop, [stop]);

  useEffect(() => {
    const speech = synthesis();
    if (!speech || !active.current) return;
    for (const message of messages.slice(spoken.current)) {
      const utterance = new SpeechSynthesisUtterance(message.text);
      utterance.lang = "en-GB";
      utterance.voice = britishVoice(speech) ?? null;
      utterance.pitch = message.role === "assistant" ? 1.15 : 0.95;
      speech.speak(utterance);
    }
    spoken.current = messages.length;
  }, [messages]);

  return { start, stop, supported: synthesis() !== null };
}
