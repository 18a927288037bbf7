import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { waitlistCopy } from "@/content/waitlist";
import { cn } from "@/lib/utils";
import {
  BUSINESS_DESCRIPTION_MAX_LENGTH,
  BUSINESS_TYPE_OPTIONS,
  TEAM_SIZE_OPTIONS,
  WAITLIST_HONEYPOT_FIELD,
} from "@/lib/validation/waitlist";
import { EMPTY_WAITLIST_ENTRIES, type WaitlistFormEntries } from "@/lib/waitlist-form-post";

const { fields: copy } = waitlistCopy;

/**
 * The row of the two selects (Business Type, Number of Employees), in both forms. Side by side from `sm` up,
 * the business type's column is the wider one: its placeholder ("Select your business type") is the longer,
 * and in even halves of the 32rem card it was cut off at desktop widths.
 */
export const SELECT_ROW_CLASS = "grid grid-cols-1 gap-5 sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]";

/**
 * "What kind of business?" in the form without scripts: shown once "Other" is chosen, by CSS alone (`:has`).
 * A browser without `:has` ignores the rule and shows the field always; its hint says it is for "Other".
 */
const ONLY_WITH_OTHER_CLASS = "[form:not(:has(option[value=other]:checked))_&]:hidden";

/** The form's field names, in the order they appear. */
export type WaitlistField = keyof WaitlistFormEntries;

/**
 * The waiting list form as plain HTML: it is in the built page, so anyone can join before the scripts arrive,
 * or without them (a blocked script, a failed download, an old phone). The browser checks the fields it can
 * (`required`, `type="email"`, `minlength`) and posts it to the same endpoint as the script does; the server
 * applies the same rules and sends the browser on to a page. It has the same ids, sizes and order as the
 * scripted form (waitlist-form.tsx) that takes its place, so nothing moves and focus can follow.
 */
export function WaitlistPlainForm({
  entries = EMPTY_WAITLIST_ENTRIES,
  errors = {},
  problem,
  referral,
}: {
  entries?: WaitlistFormEntries;
  errors?: Partial<Record<WaitlistField, string>>;
  /** Said beside the button: why the last post did not go through, when its fields were not the reason. */
  problem?: string;
  /** A referral code to send again (the join page's, from the post that came back). */
  referral?: string;
}) {
  return (
    <form
      method="post"
      action="/api/waitlist"
      aria-label={waitlistCopy.heading}
      className="relative grid grid-cols-1 gap-5"
    >
      {/* The personal link the visit came through: filled by the landing page's inline script as the form is sent,
          or carried over from a post that did not go through. */}
      <input type="hidden" name="ref" defaultValue={referral ?? ""} />
      <PlainField id="waitlist-name" label={copy.name.label} error={errors.name}>
        {(control) => (
          <Input
            {...control}
            name="name"
            defaultValue={entries.name}
            placeholder={copy.name.placeholder}
            autoComplete="name"
            required
            minLength={2}
            maxLength={100}
          />
        )}
      </PlainField>

      <PlainField id="waitlist-email" label={copy.email.label} error={errors.email}>
        {(control) => (
          <Input
            {...control}
            name="email"
            defaultValue={entries.email}
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            placeholder={copy.email.placeholder}
            required
            maxLength={254}
          />
        )}
      </PlainField>

      <div className={SELECT_ROW_CLASS}>
        <PlainSelect
          id="waitlist-business-type"
          name="businessType"
          label={copy.businessType.label}
          placeholder={copy.businessType.placeholder}
          options={BUSINESS_TYPE_OPTIONS}
          value={entries.businessType}
          error={errors.businessType}
        />
        <PlainSelect
          id="waitlist-employees"
          name="employees"
          label={copy.employees.label}
          placeholder={copy.employees.placeholder}
          options={TEAM_SIZE_OPTIONS}
          value={entries.employees}
          error={errors.employees}
        />
      </div>

      <PlainField
        id="waitlist-business-description"
        label={copy.businessDescription.label}
        hint={copy.businessDescription.hint}
        error={errors.businessDescription}
        className={ONLY_WITH_OTHER_CLASS}
      >
        {(control) => (
          <Input
            {...control}
            name="businessDescription"
            defaultValue={entries.businessDescription}
            autoComplete="off"
            maxLength={BUSINESS_DESCRIPTION_MAX_LENGTH}
          />
        )}
      </PlainField>

      <div className="grid gap-2">
        <div className="flex items-start gap-3">
          <input
            id="waitlist-consent"
            name="agreedToTerms"
            type="checkbox"
            defaultChecked={entries.agreedToTerms}
            required
            aria-invalid={errors.agreedToTerms ? true : undefined}
            aria-describedby="waitlist-consent-error"
            className="mt-0.5 size-5 shrink-0 accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          />
          <label htmlFor="waitlist-consent" className="text-sm font-normal leading-snug">
            {copy.consent}
          </label>
        </div>
        <p className="pl-7 text-sm">
          <a
            href={copy.privacy.href}
            className="font-medium text-primary underline underline-offset-4 hover:no-underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {copy.privacy.label}
          </a>
        </p>
        <p id="waitlist-consent-error" aria-live="polite" className="text-sm font-medium text-destructive empty:hidden">
          {errors.agreedToTerms}
        </p>
      </div>

      {/* The honeypot: off-screen, out of the tab order and hidden from assistive tech, so only bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-0 h-px w-px overflow-hidden">
        <label htmlFor={`waitlist-${WAITLIST_HONEYPOT_FIELD}`}>Website</label>
        <input
          id={`waitlist-${WAITLIST_HONEYPOT_FIELD}`}
          name={WAITLIST_HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>

      <Button
        type="submit"
        size="lg"
        aria-describedby={problem ? "waitlist-submit-problem" : undefined}
        className="w-full"
      >
        {waitlistCopy.submit}
      </Button>
      {problem ? (
        <p id="waitlist-submit-problem" role="alert" className="-mt-2 text-sm font-medium text-destructive">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

interface PlainControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string;
}

/** A label, its control and the error under it, laid out as FormField lays out the scripted form's. */
function PlainField({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  children: (control: PlainControlProps) => React.ReactNode;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div data-slot="form-field" className={cn("grid min-w-0 grid-cols-1 gap-2", className)}>
      <label htmlFor={id} className="text-sm font-medium leading-none">
        {label}
      </label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": hint ? `${hintId} ${errorId}` : errorId,
      })}
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <p id={errorId} aria-live="polite" className="text-sm font-medium text-destructive empty:hidden">
        {error}
      </p>
    </div>
  );
}

/** A native select drawn like the scripted form's Radix select (its trigger's box, text and chevron). */
function PlainSelect({
  id,
  name,
  label,
  placeholder,
  options,
  value,
  error,
}: {
  id: string;
  name: "businessType" | "employees";
  label: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
  value: string;
  error?: string;
}) {
  return (
    <PlainField id={id} label={label} error={error}>
      {(control) => (
        <div className="relative min-w-0">
          <select
            {...control}
            name={name}
            defaultValue={value}
            required
            className={cn(
              "flex h-10 w-full min-w-0 appearance-none truncate rounded-md border border-input bg-background py-2 pr-8 pl-3 text-left text-base shadow-sm transition-colors md:text-sm",
              "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
              "aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive",
              "has-[option[value='']:checked]:text-muted-foreground",
            )}
          >
            {/* The placeholder: chosen until the visitor picks, and never a choice itself, so `required` holds. */}
            <option value="" disabled>
              {placeholder}
            </option>
            {options.map((option) => (
              <option key={option.value} value={option.value} className="text-foreground">
                {option.label}
              </option>
            ))}
          </select>
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeLinecap="round"
            strokeLinejoin="round"
            className="pointer-events-none absolute top-3 right-3 size-4 opacity-60"
          >
            <path d="m6 9 6 6 6-6" />
          </svg>
        </div>
      )}
    </PlainField>
  );
}
