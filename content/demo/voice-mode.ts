/** The chat section's voice mode: one scripted spoken request. */
import { bookings, lateArrivalEmail } from "@/content/demo/sample-data";
import type { ChatDemoScript } from "@/content/demo/types";

export const VOICE_TIMINGS = { request: 1000, confirmation: 2500, card: 1500 } as const;

export const voiceScript: ChatDemoScript = {
  id: "voice",
  title: "Voice request",
  steps: [
    {
      kind: "user",
      delay: VOICE_TIMINGS.request,
      text: `Let ${bookings.priyaValet.customerName} know I'm running about 20 minutes late for her 2pm valet.`,
    },
    { kind: "typing", delay: 0 },
    {
      kind: "assistant",
      delay: VOICE_TIMINGS.confirmation,
      text: "No problem. I've emailed Priya to say you'll be there at about 2:20pm.",
    },
    { kind: "card", delay: VOICE_TIMINGS.card, card: { type: "email-sent", email: lateArrivalEmail } },
  ],
};
