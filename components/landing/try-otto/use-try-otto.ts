"use client";

import { useCallback, useState } from "react";

import { signupProof } from "@/components/waitlist/signup-proof";
import type { TryOttoEvent } from "@/lib/try-otto/events";
import type { ShownCard } from "@/lib/try-otto/shown-card";
import { TRY_OTTO_MAX_TURNS } from "@/lib/validation/try-otto";

export interface LiveTurn {
  ask: string;
  reply: string;
  card: ShownCard | null;
  /** Said above a scripted answer given in the live model's place. */
  notice?: string;
  pending: boolean;
}

const NETWORK_PROBLEM = "Otto couldn't be reached. Please check your connection and try again.";

/** Reads the route's stream of JSON lines, calling `onEvent` for each as it arrives. */
async function readEvents(response: Response, onEvent: (event: TryOttoEvent) => void) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  for (;;) {
    const { done, value } = await reader.read();
    buffered += decoder.decode(value, { stream: !done });
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) if (line.trim()) onEvent(JSON.parse(line) as TryOttoEvent);
    if (done) break;
  }
}

/**
 * The live demo's conversation, kept in the browser only: its turns, the ticket the server gave for the next one,
 * and the proof of work for each request (worked out in the background from the first focus, as the signup form's).
 */
export function useTryOtto() {
  const [turns, setTurns] = useState<LiveTurn[]>([]);
  const [ticket, setTicket] = useState<string | null>(null);
  const [turnsLeft, setTurnsLeft] = useState(TRY_OTTO_MAX_TURNS);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [proof] = useState(() => signupProof());

  const update = (change: (turn: LiveTurn) => LiveTurn) =>
    setTurns((current) => [...current.slice(0, -1), change(current.at(-1)!)]);

  const ask = useCallback(
    async (message: string) => {
      setBusy(true);
      setError(undefined);
      const history = turns.filter((turn) => !turn.pending).map(({ ask: asked, reply }) => ({ ask: asked, reply }));
      setTurns((current) => [...current, { ask: message, reply: "", card: null, pending: true }]);
      try {
        const response = await fetch("/api/try-otto", {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/x-ndjson" },
          body: JSON.stringify({ message, history, conversation: ticket ?? undefined, altcha: await proof.take() }),
        });
        if (!response.ok || !response.body) {
          const body = (await response.json().catch(() => ({}))) as { message?: string };
          setTurns((current) => current.slice(0, -1));
          setError(body.message ?? NETWORK_PROBLEM);
          return false;
        }
        await readEvents(response, (event) => {
          if (event.type === "text") update((turn) => ({ ...turn, reply: turn.reply + event.text }));
          else if (event.type === "final") {
            update((turn) => ({ ...turn, reply: event.reply, card: event.card, notice: event.notice, pending: false }));
          } else {
            setTicket(event.conversation);
            setTurnsLeft(event.turnsLeft);
          }
        });
        update((turn) => ({ ...turn, pending: false }));
        return true;
      } catch {
        setTurns((current) => current.slice(0, -1));
        setError(NETWORK_PROBLEM);
        return false;
      } finally {
        setBusy(false);
        proof.start();
      }
    },
    [turns, ticket, proof],
  );

  const startOver = useCallback(() => {
    setTurns([]);
    setTicket(null);
    setTurnsLeft(TRY_OTTO_MAX_TURNS);
    setError(undefined);
  }, []);

  return { turns, turnsLeft, busy, error, setError, ask, startOver, startProof: proof.start };
}
