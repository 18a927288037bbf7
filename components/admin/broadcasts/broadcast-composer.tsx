"use client";

import { useEffect, useId, useState } from "react";

import { ConfirmButton } from "@/components/admin/kit/confirm-button";
import { useAdminAction } from "@/components/admin/kit/use-admin-action";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { adminApi } from "@/lib/api";
import { formatNumber } from "@/lib/format";
import { BROADCAST_BODY_MAX, BROADCAST_SUBJECT_MAX } from "@/lib/validation/broadcasts";

interface SegmentChoice {
  id: number;
  name: string;
}

interface Audience {
  count: number;
  unconfirmed: number;
  held: number;
  suppressed: number;
}

const PREVIEW_WIDTHS = [
  { label: "Phone", width: 375 },
  { label: "Laptop", width: 1024 },
] as const;

/** Runs `read` once the inputs have been still for a moment, keeping its latest answer. */
function useSettled<T>(key: string, read: () => Promise<T>, enabled: boolean): T | null {
  const [value, setValue] = useState<{ key: string; value: T } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    const timer = setTimeout(() => {
      read().then(
        (result) => current && setValue({ key, value: result }),
        () => current && setValue(null),
      );
    }, 400);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // `read` is rebuilt each render; `key` says when what it reads has changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, enabled]);
  return value && value.key === key ? value.value : null;
}

/**
 * The broadcast composer: subject, Markdown body with the email as it will look on a phone and a laptop,
 * the audience (a segment, confirmed people only unless ticked, with the exact count), a test to oneself,
 * and sending now or at a time.
 */
export function BroadcastComposer({ segments, adminEmail }: { segments: SegmentChoice[]; adminEmail: string }) {
  const id = useId();
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [segmentId, setSegmentId] = useState<number | null>(segments[0]?.id ?? null);
  const [includeUnconfirmed, setIncludeUnconfirmed] = useState(false);
  const [when, setWhen] = useState<"now" | "later">("now");
  const [sendAt, setSendAt] = useState("");
  const [errors, setErrors] = useState<{ subject?: string; body?: string; sendAt?: string }>({});

  const message = { subject: subject.trim(), body };
  const hasMessage = message.subject !== "" && body.trim() !== "";
  const preview = useSettled(
    JSON.stringify(message),
    async () => ((await (await adminApi.broadcasts.preview(message)).json()) as { html: string }).html,
    hasMessage,
  );
  const audience = useSettled(
    `${segmentId}:${includeUnconfirmed}`,
    async () =>
      (await (await adminApi.broadcasts.audience({ segmentId: segmentId!, includeUnconfirmed })).json()) as Audience,
    segmentId !== null,
  );

  const check = (): boolean => {
    const found: typeof errors = {};
    if (!message.subject) found.subject = "Enter a subject";
    if (!body.trim()) found.body = "Write the message";
    if (when === "later" && !sendAt) found.sendAt = "Choose when to send it";
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const test = useAdminAction({
    request: () => adminApi.broadcasts.test(message),
    succeeded: { title: "Test sent", description: `On its way to ${adminEmail}.` },
    failed: "The test could not be sent",
    refresh: false,
  });
  const send = useAdminAction({
    request: () =>
      adminApi.broadcasts.send({
        ...message,
        segmentId: segmentId!,
        includeUnconfirmed,
        sendAt: when === "later" && sendAt ? new Date(sendAt).toISOString() : null,
      }),
    succeeded: () =>
      when === "later"
        ? { title: "Broadcast scheduled", description: "The sweep sends it at the time you chose." }
        : { title: "Broadcast on its way", description: "Its page shows the counts as it goes." },
    failed: "The broadcast could not be sent",
    onSuccess: () => {
      setSubject("");
      setBody("");
    },
  });

  const countText = audience
    ? `${formatNumber(audience.count)} ${audience.count === 1 ? "person" : "people"}`
    : "Counting…";

  return (
    <form
      className="grid gap-6"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="grid content-start gap-4">
          <FormField id={`${id}-subject`} label="Subject" error={errors.subject}>
            {(control) => (
              <Input
                {...control}
                value={subject}
                maxLength={BROADCAST_SUBJECT_MAX}
                onChange={(event) => setSubject(event.target.value)}
              />
            )}
          </FormField>
          <FormField
            id={`${id}-body`}
            label="Message"
            hint="Markdown: # a heading, **bold**, [a link](https://…), lines starting with - or 1. for lists. HTML shows as text."
            error={errors.body}
          >
            {(control) => (
              <textarea
                {...control}
                value={body}
                rows={12}
                maxLength={BROADCAST_BODY_MAX}
                onChange={(event) => setBody(event.target.value)}
                className="min-h-48 w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-invalid:border-destructive"
              />
            )}
          </FormField>
          <FormField id={`${id}-segment`} label="Audience (a segment)" hint="Save segments from the list's filters.">
            {(control) => (
              <select
                {...control}
                value={segmentId ?? ""}
                onChange={(event) => setSegmentId(event.target.value ? Number(event.target.value) : null)}
                className="h-9 rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                {segments.length === 0 && <option value="">No segments yet</option>}
                {segments.map((segment) => (
                  <option key={segment.id} value={segment.id}>
                    {segment.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <div className="flex items-start gap-2">
            <Checkbox
              id={`${id}-unconfirmed`}
              checked={includeUnconfirmed}
              onCheckedChange={(checked) => setIncludeUnconfirmed(checked === true)}
              aria-describedby={`${id}-unconfirmed-why`}
            />
            <div className="grid gap-1">
              <Label htmlFor={`${id}-unconfirmed`}>Include people who never confirmed their address</Label>
              <p id={`${id}-unconfirmed-why`} className="text-sm text-muted-foreground">
                They never said the address is theirs: mail to unconfirmed addresses bounces more and gets senders
                marked as spam, and their confirmation email promised nothing more. Left out unless ticked.
              </p>
            </div>
          </div>
          <p role="status" aria-live="polite" className="text-sm">
            {segmentId === null ? (
              "Choose a segment to see who it reaches."
            ) : (
              <>
                <strong>This goes to {countText}.</strong>
                {audience &&
                  ` Never included: ${formatNumber(audience.held)} held for review, ${formatNumber(audience.suppressed)} who left before${
                    includeUnconfirmed ? "" : `, ${formatNumber(audience.unconfirmed)} not confirmed`
                  }.`}
              </>
            )}
          </p>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">When</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name={`${id}-when`} checked={when === "now"} onChange={() => setWhen("now")} />
              Send now
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name={`${id}-when`} checked={when === "later"} onChange={() => setWhen("later")} />
              Send at a time
            </label>
            {when === "later" && (
              <FormField id={`${id}-send-at`} label="Send at (your time)" error={errors.sendAt}>
                {(control) => (
                  <Input
                    {...control}
                    type="datetime-local"
                    value={sendAt}
                    onChange={(event) => setSendAt(event.target.value)}
                  />
                )}
              </FormField>
            )}
          </fieldset>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              disabled={test.pending}
              onClick={() => {
                if (check()) void test.run();
              }}
            >
              {test.pending ? "Sending test..." : "Send me a test"}
            </Button>
            <ConfirmButton
              trigger={
                <Button type="button" disabled={segmentId === null || !hasMessage || (when === "later" && !sendAt)}>
                  {when === "later" ? "Schedule broadcast" : "Send broadcast"}
                </Button>
              }
              title={when === "later" ? "Schedule this broadcast?" : "Send this broadcast now?"}
              description={`"${message.subject}" goes to ${countText}${
                segments.find((segment) => segment.id === segmentId)
                  ? ` in "${segments.find((segment) => segment.id === segmentId)!.name}"`
                  : ""
              }${when === "later" ? " at the time you chose" : ""}. Each email has its own leave link.`}
              confirm={when === "later" ? "Schedule" : "Send"}
              pending="Sending..."
              destructive={false}
              action={{
                pending: send.pending,
                succeeded: send.succeeded,
                run: async () => (check() ? send.run() : false),
              }}
            />
          </div>
        </div>
        <section aria-labelledby={`${id}-preview`} className="grid content-start gap-3">
          <h2 id={`${id}-preview`} className="text-lg font-semibold">
            Preview
          </h2>
          {!hasMessage && <p className="text-sm text-muted-foreground">Write a subject and a message to see it.</p>}
          {hasMessage &&
            PREVIEW_WIDTHS.map(({ label, width }) => (
              <div key={label} className="grid gap-1">
                <p className="text-sm font-medium">
                  {label} ({width} px)
                </p>
                {/* Wider than the page at a laptop's width: it scrolls, and takes the focus so keys can scroll it. */}
                <div
                  role="region"
                  aria-label={`${label} preview`}
                  tabIndex={0}
                  className="overflow-x-auto rounded-md border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  {preview ? (
                    <iframe
                      title={`The email on a ${label.toLowerCase()}`}
                      srcDoc={preview}
                      sandbox=""
                      width={width}
                      height={480}
                      className="block bg-white"
                    />
                  ) : (
                    <p className="p-3 text-sm text-muted-foreground">Drawing the preview…</p>
                  )}
                </div>
              </div>
            ))}
        </section>
      </div>
    </form>
  );
}
