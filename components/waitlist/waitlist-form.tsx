"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2Icon, Loader2Icon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Controller, useForm, useWatch, type Control, type Resolver } from "react-hook-form";

import { EmailAddress } from "@/components/admin/kit/email-address";
import { BrowserErrorReporter } from "@/components/errors/browser-error-reporter";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Toaster } from "@/components/ui/sonner";
import { ReferrerGreeting } from "@/components/waitlist/referrer-greeting";
import { signupProof } from "@/components/waitlist/signup-proof";
import { failureDescription, serverFieldErrors, useWaitlistSignup } from "@/components/waitlist/use-waitlist-signup";
import { SELECT_ROW_CLASS } from "@/components/waitlist/waitlist-plain-form";
import { WaitlistQueryProvider } from "@/components/waitlist/waitlist-query-provider";
import { waitlistCopy } from "@/content/waitlist";
import { ApiError } from "@/lib/api";
import {
  BUSINESS_DESCRIPTION_MAX_LENGTH,
  BUSINESS_TYPE_OPTIONS,
  TEAM_SIZE_OPTIONS,
  WAITLIST_HONEYPOT_FIELD,
  waitlistSchema,
  type WaitlistFormValues,
  type WaitlistSignup,
} from "@/lib/validation/waitlist";
import { EMPTY_WAITLIST_ENTRIES } from "@/lib/waitlist-form-post";

// The schema only accepts `true`; the unticked box starts as `false`.
type FormValues = Omit<WaitlistFormValues, "agreedToTerms"> & { agreedToTerms: boolean };

// The same empty entries as the plain form's, whose place this form takes.
const EMPTY: FormValues = EMPTY_WAITLIST_ENTRIES;

/** What the visitor did in the plain form before this one took its place (see waitlist-island.tsx). */
export interface CarriedEntries {
  entries: FormValues;
  /** The id of the field that had focus: this form's field of the same id takes it. */
  focusId?: string;
  /** The caret or selection in that field, when it is a text field. */
  caret?: { start: number; end: number };
}

const FIELDS = ["name", "email", "businessType", "businessDescription", "employees", "agreedToTerms"] as const;
const resolver = zodResolver(waitlistSchema) as unknown as Resolver<FormValues, unknown, WaitlistSignup>;
const { fields: copy } = waitlistCopy;

/**
 * The form with the toaster that reports its outcome, and the query client it shares with the count. On the
 * landing page only the signup shows toasts, so the toaster (sonner) loads with this lazy island instead of with
 * the page. It renders into <body>, where a page-wide toaster belongs, and stays mounted while the form gives way
 * to the confirmation panel.
 */
export function WaitlistFormWithToaster({ carried }: { carried?: CarriedEntries }) {
  return (
    <WaitlistQueryProvider>
      <BrowserErrorReporter />
      <WaitlistForm carried={carried} />
      {createPortal(<Toaster />, document.body)}
    </WaitlistQueryProvider>
  );
}

/** The waiting list form, replaced by a confirmation panel once the signup went through. */
export function WaitlistForm({ carried }: { carried?: CarriedEntries }) {
  // The address the signup went to, once it went through: the panel names it, so a typo can be spotted.
  const [submitted, setSubmitted] = useState<string | null>(null);
  const returning = useRef(false);
  const inFlight = useRef(false);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Past a signup limit (an office adding its businesses one after another shares one connection): said
  // beside the button, with when the next one can go through, for as long as the form stays.
  const [limited, setLimited] = useState<string | null>(null);
  const signup = useWaitlistSignup();
  // Worked out from the form's first focus (see signup-proof.ts); one per signup.
  const [proof] = useState(() => signupProof());
  const form = useForm<FormValues, unknown, WaitlistSignup>({
    resolver,
    defaultValues: { ...EMPTY, ...carried?.entries },
    shouldFocusError: true,
  });
  const { errors } = form.formState;
  // "What kind of business?" is asked only of "Other"; a description typed before choosing another type stays
  // in the form (it comes back with "Other") but is not sent: the schema drops it.
  const describesOther = useWatch({ control: form.control, name: "businessType" }) === "other";
  const busy = signup.isPending || form.formState.isSubmitting;

  useEffect(() => {
    // Taking the plain form's place: the visitor keeps the field they were in, and the caret in it.
    if (!carried?.focusId) return;
    proof.start();
    const field = formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(carried.focusId)}`);
    field?.focus();
    if (field instanceof HTMLInputElement && carried.caret)
      field.setSelectionRange(carried.caret.start, carried.caret.end);
    // Only on mount: later renders never move focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    // Back from the confirmation panel: start the next signup where the keyboard left off.
    if (submitted === null && returning.current) {
      returning.current = false;
      form.setFocus("name");
    }
  }, [submitted, form]);

  const submit = async (values: WaitlistSignup) => {
    // A second click or Enter before the first answer arrives is ignored.
    if (inFlight.current) return;
    inFlight.current = true;
    setLimited(null);
    try {
      await signup.mutateAsync({ signup: values, honeypot: honeypotRef.current?.value.trim() ?? "", proof });
      setSubmitted(values.email);
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        setLimited(
          `${failureDescription(error)} ${waitlistCopy.limit.tryAt(nextMinute(Date.now() + (error.retryAfterSeconds ?? 60) * 1000))}`,
        );
      }
      // The toast is shown by the mutation; the entered values stay, and server field errors join the form's.
      const fieldErrors = serverFieldErrors(error);
      const invalid = FIELDS.filter((field) => fieldErrors[field]);
      invalid.forEach((field, index) =>
        form.setError(field, { type: "server", message: fieldErrors[field] }, { shouldFocus: index === 0 }),
      );
    } finally {
      inFlight.current = false;
    }
  };

  if (submitted !== null) {
    return (
      <SuccessPanel
        email={submitted}
        onAgain={() => {
          form.reset(EMPTY);
          if (honeypotRef.current) honeypotRef.current.value = "";
          signup.reset();
          returning.current = true;
          setSubmitted(null);
        }}
      />
    );
  }

  return (
    <>
      <ReferrerGreeting />
      <form
        ref={formRef}
        data-enhanced=""
        noValidate
        onSubmit={(event) => void form.handleSubmit(submit)(event)}
        onFocus={proof.start}
        aria-label={waitlistCopy.heading}
        className="relative grid grid-cols-1 gap-5"
        aria-busy={busy || undefined}
      >
        <FormField id="waitlist-name" label={copy.name.label} error={errors.name?.message}>
          {(control) => (
            <Input
              {...control}
              {...form.register("name")}
              placeholder={copy.name.placeholder}
              autoComplete="name"
              maxLength={100}
            />
          )}
        </FormField>

        <FormField id="waitlist-email" label={copy.email.label} error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              {...form.register("email")}
              type="email"
              inputMode="email"
              autoComplete="email"
              spellCheck={false}
              placeholder={copy.email.placeholder}
              maxLength={254}
            />
          )}
        </FormField>

        <div className={SELECT_ROW_CLASS}>
          <OptionSelectField
            id="waitlist-business-type"
            name="businessType"
            control={form.control}
            label={copy.businessType.label}
            placeholder={copy.businessType.placeholder}
            options={BUSINESS_TYPE_OPTIONS}
            error={errors.businessType?.message}
          />
          <OptionSelectField
            id="waitlist-employees"
            name="employees"
            control={form.control}
            label={copy.employees.label}
            placeholder={copy.employees.placeholder}
            options={TEAM_SIZE_OPTIONS}
            error={errors.employees?.message}
          />
        </div>

        {describesOther ? (
          <FormField
            id="waitlist-business-description"
            label={copy.businessDescription.label}
            hint={copy.businessDescription.hint}
            error={errors.businessDescription?.message}
          >
            {(control) => (
              <Input
                {...control}
                {...form.register("businessDescription")}
                autoComplete="off"
                maxLength={BUSINESS_DESCRIPTION_MAX_LENGTH}
              />
            )}
          </FormField>
        ) : null}

        <div className="grid gap-2">
          <div className="flex items-start gap-3">
            <Controller
              control={form.control}
              name="agreedToTerms"
              render={({ field }) => (
                <Checkbox
                  id="waitlist-consent"
                  name={field.name}
                  ref={field.ref}
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                  aria-invalid={errors.agreedToTerms ? true : undefined}
                  aria-describedby="waitlist-consent-error"
                  className="mt-0.5"
                />
              )}
            />
            <Label htmlFor="waitlist-consent" className="text-sm font-normal leading-snug">
              {copy.consent}
            </Label>
          </div>
          <p className="pl-7 text-sm">
            <a
              href={copy.privacy.href}
              className="font-medium text-primary underline underline-offset-4 hover:no-underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              {copy.privacy.label}
            </a>
          </p>
          <p
            id="waitlist-consent-error"
            aria-live="polite"
            className="text-sm font-medium text-destructive empty:hidden"
          >
            {errors.agreedToTerms?.message}
          </p>
        </div>

        {/* The honeypot: off-screen, out of the tab order and hidden from assistive tech, so only bots fill it. */}
        <div aria-hidden="true" className="absolute -left-[10000px] top-0 h-px w-px overflow-hidden">
          <label htmlFor={`waitlist-${WAITLIST_HONEYPOT_FIELD}`}>Website</label>
          <input
            ref={honeypotRef}
            id={`waitlist-${WAITLIST_HONEYPOT_FIELD}`}
            name={WAITLIST_HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>

        {/* aria-disabled rather than disabled: the button keeps keyboard focus while the request runs. */}
        <Button
          type="submit"
          size="lg"
          aria-disabled={busy || undefined}
          aria-describedby="waitlist-submit-problem"
          onClick={(event) => {
            if (busy) event.preventDefault();
          }}
          className="w-full aria-disabled:cursor-wait aria-disabled:opacity-70"
        >
          {busy ? (
            <>
              <Loader2Icon aria-hidden="true" className="animate-spin" />
              {waitlistCopy.submitting}
            </>
          ) : (
            waitlistCopy.submit
          )}
        </Button>
        <p
          id="waitlist-submit-problem"
          aria-live="polite"
          className="-mt-2 text-sm font-medium text-destructive empty:hidden"
        >
          {limited}
        </p>
      </form>
    </>
  );
}

/** The clock time (24-hour, the visitor's own zone) of the first whole minute at or after `ms`. */
export function nextMinute(ms: number): string {
  const at = new Date(Math.ceil(ms / 60_000) * 60_000);
  return `${String(at.getHours()).padStart(2, "0")}:${String(at.getMinutes()).padStart(2, "0")}`;
}

/**
 * The height at the bottom of the window the success toast takes (its box and its distance from the edge, at
 * any width): the panel is scrolled so its last line stays above it.
 */
const TOAST_ROOM_PX = 130;

function SuccessPanel({ email, onAgain }: { email: string; onAgain: () => void }) {
  const panelRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The form the visitor was in is gone and the panel is shorter: on a phone they would be left looking at
    // the footer. Bring the panel's top into view (the page's scroll padding keeps it below the sticky
    // header), then put them on the confirmation, which screen readers then read.
    // The "You're on the list!" toast arrives with the panel, over the bottom of the window for five seconds:
    // the panel's last lines must end above it, or they are hidden just when the visitor reads them.
    const panel = panelRef.current;
    if (panel) {
      const { top, bottom } = panel.getBoundingClientRect();
      const headerRoom = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
      if (top < headerRoom || top > window.innerHeight * 0.5 || bottom > window.innerHeight - TOAST_ROOM_PX) {
        const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        panel.scrollIntoView({ block: "start", behavior: reduceMotion ? "auto" : "smooth" });
      }
    }
    headingRef.current?.focus({ preventScroll: true });
  }, []);
  const { nextStep } = waitlistCopy;
  return (
    // On a phone the check mark (decoration) and the top padding give way, so the panel's last line ends above
    // the toast even on a short screen.
    <div
      ref={panelRef}
      data-testid="waitlist-success"
      className="grid justify-items-center gap-4 pt-1 pb-8 text-center sm:pt-8"
    >
      <CheckCircle2Icon aria-hidden="true" className="hidden size-12 text-success sm:block" />
      <h3
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        {waitlistCopy.success.title}
      </h3>
      <p className="max-w-sm text-muted-foreground">{waitlistCopy.success.description}</p>
      <div className="grid max-w-sm gap-2 rounded-lg border bg-background p-4 text-sm">
        <p className="font-semibold">{nextStep.title}</p>
        <p data-testid="confirmation-address">
          {nextStep.sentTo}{" "}
          <strong>
            <EmailAddress address={email} />
          </strong>
          .
        </p>
        <p data-testid="confirmation-unlocks">{nextStep.unlocks}</p>
        <p className="text-muted-foreground">{nextStep.body}</p>
      </div>
      <Button type="button" variant="outline" onClick={onAgain}>
        {waitlistCopy.success.again}
      </Button>
    </div>
  );
}

/** A select bound to one of the form's option fields, with its label and error. */
function OptionSelectField({
  id,
  name,
  control,
  label,
  placeholder,
  options,
  error,
}: {
  id: string;
  name: "businessType" | "employees";
  control: Control<FormValues, unknown, WaitlistSignup>;
  label: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
  error: string | undefined;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      {(fieldControl) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Select name={field.name} value={field.value} onValueChange={field.onChange}>
              <SelectTrigger {...fieldControl} ref={field.ref} onBlur={field.onBlur}>
                <SelectValue placeholder={placeholder} />
              </SelectTrigger>
              <SelectContent>
                {options.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      )}
    </FormField>
  );
}
