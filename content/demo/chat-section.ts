/** Copy for the chat demo section (anchor `chat-experience`). */
export const CHAT_SECTION_COPY = {
  eyebrow: "Chat interface",
  heading: "Just ask. By text or by voice.",
  intro: (name: string) =>
    `No menus to learn. Ask ${name} the way you'd ask a colleague, and get the answer with the details on a card. Try it: these are sample answers, nothing is sent anywhere.`,
  points: [
    { title: "Text Mode:", text: "tap a question and watch the answer arrive." },
    { title: "Voice Mode:", text: "say what you need while you drive between jobs." },
    { title: "Real records:", text: "quotes, invoices, bookings and customers, not just words." },
  ],
  modeLabel: "Demo mode",
  textMode: "Text Mode",
  voiceMode: "Voice Mode",
  textLog: "Text chat demo conversation",
  voiceLog: "Voice demo conversation",
  disabledInput: "Pick a question above to try it",
  inputLabel: "Message (disabled in this demo)",
  quickQuestions: "Suggested questions",
  reset: "Reset",
  tryDemo: "Try Demo",
  close: "Close",
  /** The voice demo's sound toggle (aria-pressed says whether it is on). */
  sound: "Sound",
  micIdle: "Tap Try Demo to hear a request",
  micListening: "Listening…",
  micWorking: "Working on it…",
  micDone: "Request handled",
  /** Read out by the polite log when a card opens: the card itself arrives 1.2 s after the reply, silently. */
  cardShown: (title: string) => `Showing: ${title}`,
} as const;
