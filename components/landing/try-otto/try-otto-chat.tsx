"use client";

import { useEffect, useState, type FormEvent } from "react";

import { InfoCard } from "@/components/landing/demos/cards";
import { DocumentCard } from "@/components/landing/demos/documents";
import { TRY_OTTO_INPUT_ID } from "@/components/landing/try-otto/ids";
import { TryOttoForm } from "@/components/landing/try-otto/try-otto-form";
import { useTryOtto, type LiveTurn } from "@/components/landing/try-otto/use-try-otto";
import { Button } from "@/components/ui/button";
import { TRY_OTTO_COPY } from "@/content/demo/try-otto";
import { tryOttoRequestSchema } from "@/lib/validation/try-otto";

/** What the visitor had done in the built page's form before this took its place. */
export interface CarriedTryOtto {
  message: string;
  consent: boolean;
  focusId?: string;
}

const CONSENT_NEEDED = "Please tick the box above first: it says where your words go.";

function Turn({ turn }: { turn: LiveTurn }) {
  return (
    <li className="grid gap-3">
      <div className="ml-auto max-w-[85%] rounded-2xl rounded-br-sm bg-primary px-4 py-2.5 text-sm text-primary-foreground">
        <span className="sr-only">{TRY_OTTO_COPY.you}: </span>
        {/* The visitor's and the model's words are text, never markup. */}
        <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{turn.ask}</p>
      </div>
      <div className="grid max-w-[92%] gap-3">
        {turn.notice ? (
          <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-950">
            {turn.notice}
          </p>
        ) : null}
        <div className="rounded-2xl rounded-bl-sm border bg-card px-4 py-2.5 text-sm">
          <span className="sr-only">{TRY_OTTO_COPY.otto}: </span>
          {turn.reply ? (
            <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{turn.reply}</p>
          ) : (
            <p className="text-muted-foreground motion-safe:animate-pulse">{TRY_OTTO_COPY.asking}</p>
          )}
        </div>
        {turn.card?.slot === "document" ? (
          <DocumentCard document={turn.card.document} className="max-h-[28rem]" />
        ) : turn.card?.slot === "card" ? (
          <InfoCard card={turn.card.card} />
        ) : null}
      </div>
    </li>
  );
}

/**
 * The live demo, scripted: the visitor's request goes to the real assistant once they have agreed to the
 * one-line consent, and the answer streams into the conversation with its card drawn by the demos' own card
 * components. Up to three turns; then a new conversation.
 */
export function TryOttoChat({ carried }: { carried?: CarriedTryOtto }) {
  const { turns, turnsLeft, busy, error, setError, ask, startOver, startProof } = useTryOtto();
  const [message, setMessage] = useState(carried?.message ?? "");
  const [consent, setConsent] = useState(carried?.consent ?? false);
  const [consentGiven, setConsentGiven] = useState(false);

  useEffect(() => {
    startProof();
    if (carried?.focusId) document.getElementById(carried.focusId)?.focus();
    // Once, as it takes the built form's place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const ended = turnsLeft === 0;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || ended) return;
    if (!consentGiven && !consent) return setError(CONSENT_NEEDED);
    const parsed = tryOttoRequestSchema.shape.message.safeParse(message);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setConsentGiven(true);
    if (await ask(parsed.data)) setMessage("");
  };

  const newConversation = () => {
    startOver();
    document.getElementById(TRY_OTTO_INPUT_ID)?.focus();
  };

  return (
    <div className="grid gap-6">
      {turns.length > 0 ? (
        <div
          role="log"
          aria-label={TRY_OTTO_COPY.log}
          aria-live="polite"
          aria-busy={busy}
          className="rounded-2xl border bg-muted/40 p-4 sm:p-6"
        >
          <ol className="grid gap-6">
            {turns.map((turn, index) => (
              <Turn key={index} turn={turn} />
            ))}
          </ol>
        </div>
      ) : null}
      <TryOttoForm
        showConsent={!consentGiven}
        consent={consent}
        onConsent={(value) => {
          setConsent(value);
          if (value && error === CONSENT_NEEDED) setError(undefined);
        }}
        busy={busy}
        disabled={ended}
        error={error}
        message={message}
        onMessage={setMessage}
        onSubmit={onSubmit}
        footer={
          turns.length > 0 ? (
            <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
              <p>{TRY_OTTO_COPY.turnsLeft(turnsLeft)}</p>
              {ended ? (
                <Button type="button" variant="outline" size="sm" onClick={newConversation}>
                  {TRY_OTTO_COPY.startOver}
                </Button>
              ) : null}
            </div>
          ) : null
        }
      />
    </div>
  );
}
