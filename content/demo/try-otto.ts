/** Copy for the live demo section (anchor `try-otto`) and what its answers say when the scripted demo stands in. */
export const TRY_OTTO_COPY = {
  eyebrow: "Live demo",
  heading: "Try it with your own words",
  intro:
    "Ask Otto for something from your own working day: a quote, an invoice, a booking, a reminder. The real assistant answers with invented sample data, up to three turns.",
  consent: "Your words go to our AI provider to answer; we don't keep them.",
  consentAction: "OK, try it",
  inputLabel: "Your request",
  placeholder: "Quote for a boiler service for Mrs Patel, £95",
  ask: "Ask",
  asking: "Otto is answering…",
  you: "You",
  otto: "Otto",
  turnsLeft: (left: number) =>
    left === 0 ? "That's the end of this conversation." : `${left} ${left === 1 ? "turn" : "turns"} left`,
  startOver: "Start a new conversation",
  log: "Live demo conversation",
};

/** The line above a scripted answer given in the live model's place, by why the model was not asked or failed. */
export const TRY_OTTO_FALLBACK_NOTICES = {
  proof: "We couldn't check that this came from this page, so here is the scripted demo's closest answer instead.",
  network:
    "You've had today's live conversations from this network, so here is the scripted demo's closest answer instead.",
  budget: "The live demo has used up today's budget, so here is the scripted demo's closest answer instead.",
  turns: "That conversation has ended, so here is the scripted demo's closest answer instead.",
  failed: "The live assistant couldn't answer just now, so here is the scripted demo's closest answer instead.",
  timeout: "The live assistant took too long, so here is the scripted demo's closest answer instead.",
  off: "The live demo is switched off, so here is the scripted demo's closest answer instead.",
} as const;
export type TryOttoFallbackReason = keyof typeof TRY_OTTO_FALLBACK_NOTICES;
