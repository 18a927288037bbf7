import { emailSchema } from "@/lib/validation/admin";
import { CHALLENGE_FIELD, CHALLENGE_PAYLOAD_MAX_LENGTH } from "@/lib/validation/challenge";
import { blankAsUnset, CONTROL_CHARACTER_MESSAGE, hasNoControlCharacters, z } from "@/lib/validation/zod";

/** Business types a signup can choose, with the labels people see. */
export const BUSINESS_TYPE_OPTIONS = [
  { value: "trades", label: "Trades (plumbing, electrical, building)", short: "Trades" },
  { value: "cleaning", label: "Cleaning" },
  { value: "beauty", label: "Beauty & wellness", short: "Beauty" },
  { value: "car", label: "Car valeting & detailing", short: "Car valeting" },
  { value: "handyman", label: "Handyman" },
  { value: "therapy", label: "Therapy & counselling", short: "Therapy" },
  { value: "tutoring", label: "Tutoring" },
  { value: "other", label: "Other" },
] as const;

/** Team sizes a signup can choose. */
export const TEAM_SIZE_OPTIONS = [
  { value: "1", label: "Just me" },
  { value: "2-5", label: "2-5" },
  { value: "6-10", label: "6-10" },
  { value: "11+", label: "11+" },
] as const;

/**
 * The team size of an imported row whose file gave none: stored as is, shown as "Not given". Never one of the
 * form's choices (TEAM_SIZE_OPTIONS): a visitor always says.
 */
export const NOT_GIVEN_TEAM_SIZE = "not-given";

/** Every team size an entry can hold: the form's four, then "Not given" (imports only), in that order. */
export const STORED_TEAM_SIZE_OPTIONS = [
  ...TEAM_SIZE_OPTIONS,
  { value: NOT_GIVEN_TEAM_SIZE, label: "Not given" },
] as const;

export type BusinessType = (typeof BUSINESS_TYPE_OPTIONS)[number]["value"];
export type TeamSize = (typeof TEAM_SIZE_OPTIONS)[number]["value"];
/** A team size as stored: one the form offers, or "Not given" (an import). */
export type StoredTeamSize = (typeof STORED_TEAM_SIZE_OPTIONS)[number]["value"];

const businessTypeValues = BUSINESS_TYPE_OPTIONS.map((option) => option.value) as [BusinessType, ...BusinessType[]];
const teamSizeValues = TEAM_SIZE_OPTIONS.map((option) => option.value) as [TeamSize, ...TeamSize[]];

/** The label of a stored business type; unknown values are shown as stored. */
export function businessTypeLabel(value: string): string {
  return BUSINESS_TYPE_OPTIONS.find((option) => option.value === value)?.label ?? value;
}

/**
 * A stored business type as one line, with the visitor's "What kind of business?" after "Other" when they gave
 * one ("Other: Dog grooming"), for places with room for one value (alerts, Slack).
 */
export function businessTypeText(value: string, description?: string | null): string {
  const label = businessTypeLabel(value);
  return value === "other" && description ? `${label}: ${description}` : label;
}

/**
 * A stored business type in a word or two, for a table with eleven columns to fit ("Trades"): its `short`, else
 * its label; "Other" stays "Other" (the visitor's own words are in the full text, businessTypeText).
 */
export function businessTypeShortLabel(value: string): string {
  const option = BUSINESS_TYPE_OPTIONS.find((candidate) => candidate.value === value);
  return option ? ("short" in option ? option.short : option.label) : value;
}

/** The label of a stored team size; unknown values are shown as stored. */
export function teamSizeLabel(value: string): string {
  return STORED_TEAM_SIZE_OPTIONS.find((option) => option.value === value)?.label ?? value;
}

/**
 * The honeypot: a field the form hides from people and assistive tech. Bots that fill it get the normal
 * success answer and nothing is stored. "website" tempts bots, and browsers have no autofill type for it
 * (a name with "company" in it would be autofilled as an organisation by Chrome, dropping real signups).
 */
export const WAITLIST_HONEYPOT_FIELD = "website";

const BUSINESS_TYPE_MESSAGE = "Please select a business type";
const TEAM_SIZE_MESSAGE = "Please select team size";

/** The longest UTM value kept; real ones are a word or two. */
export const SOURCE_VALUE_MAX_LENGTH = 100;
// Letters and digits of any script, spaces and the punctuation campaign names use; nothing that could be markup or a formula.
const SOURCE_VALUE_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ._~+\-:/@(),&']*$/u;
const HOST_PATTERN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;

/** The longest source name kept (a utm_source): longer ones are cut, so no name can crowd the overview. */
export const SOURCE_NAME_MAX_LENGTH = 40;

/**
 * A utm_source as the name of a source: lower-case letters (any script), digits, `.`, `_` and `-`, each run of
 * anything else one `-` ("Spring Fair!" is "spring-fair"), at most SOURCE_NAME_MAX_LENGTH characters. A visit
 * and its signup make the same name of the same value, so they are counted under one source.
 */
export function sourceNameOf(text: string): string | undefined {
  const name = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}._-]+/gu, "-")
    .slice(0, SOURCE_NAME_MAX_LENGTH)
    .replace(/^[-._]+|[-._]+$/g, "");
  return name || undefined;
}

function utmSchema(name: string, options: { lowerCase: boolean; sourceName?: boolean }) {
  const text = z
    .string({ error: `${name} must be text` })
    .trim()
    .max(SOURCE_VALUE_MAX_LENGTH, { message: `${name} must be at most ${SOURCE_VALUE_MAX_LENGTH} characters` })
    .regex(SOURCE_VALUE_PATTERN, {
      message: `${name} may contain only letters, digits, spaces and . _ ~ + - : / @ ( ) , & '`,
    });
  const cased = options.lowerCase ? text.toLowerCase() : text;
  return z.preprocess(blankAsUnset, (options.sourceName ? cased.transform(sourceNameOf) : cased).optional());
}

/**
 * Where a signup came from, captured by the landing page at the start of the visit: the first-touch UTM
 * parameters (source and medium lower-cased, as analytics tools group them) and the referring site's host.
 */
export const signupSourceSchema = z.object({
  utmSource: utmSchema("utm_source", { lowerCase: true, sourceName: true }),
  utmMedium: utmSchema("utm_medium", { lowerCase: true }),
  utmCampaign: utmSchema("utm_campaign", { lowerCase: false }),
  referrer: z.preprocess(
    blankAsUnset,
    z
      .string({ error: "referrer must be text" })
      .trim()
      .toLowerCase()
      .max(253, { message: "referrer must be a host name" })
      .regex(HOST_PATTERN, { message: "referrer must be a host name" })
      .optional(),
  ),
});
export type SignupSource = z.output<typeof signupSourceSchema>;

/**
 * The valid parts of a source the browser kept (see lib/signup-source): each field checked on its own by
 * the schema the server applies, so one odd UTM value is dropped instead of costing the visitor their signup.
 */
export function cleanSignupSource(raw: unknown): SignupSource | undefined {
  if (!raw || typeof raw !== "object") return undefined;
  const clean: Record<string, string> = {};
  for (const [field, schema] of Object.entries(signupSourceSchema.shape)) {
    const parsed = schema.safeParse((raw as Record<string, unknown>)[field]);
    if (parsed.success && parsed.data !== undefined) clean[field] = parsed.data;
  }
  return Object.keys(clean).length > 0 ? clean : undefined;
}

/** Where an entry is on its way in: waiting, invited (an invitation was sent) or accepted (its link opened). */
export const WAITLIST_STATUSES = ["waiting", "invited", "accepted"] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** Each status as the admin area names it. */
export const STATUS_LABELS: Record<WaitlistStatus, string> = {
  waiting: "Waiting",
  invited: "Invited",
  accepted: "Accepted",
};

/**
 * What the admin area calls a signup's source: its utm_source, else how it came ("referral" through someone's
 * personal link, "import" for an imported row), else the referring host, else "direct". The database keeps it
 * as the generated column waitlist."source" (the sources_and_counted_visits migration), which every query and
 * stored function reads.
 */
export const DIRECT_SOURCE = "direct";

/**
 * The source of a visit or signup through someone's personal link (`/?ref=CODE`) with no utm_source: the
 * column "origin" holds it for a signup (waitlist_queue_confirmation), lib/validation/visit.ts for a visit.
 */
export const REFERRAL_SOURCE = "referral";

/** The source of an imported row whose file has no source column of its own (lib/data/waitlist/import.ts). */
export const IMPORT_SOURCE = "import";

/**
 * The characters of a personal link's code: no 0, 1, i, l or o, which read alike. The database makes the codes
 * (waitlist_new_referral_code in prisma/sql/functions/waitlist_line.sql) from the same characters.
 */
const REFERRAL_CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
const REFERRAL_CODE_PATTERN = new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{8}$`);

/** Whether a value is shaped like a personal link's code (`/?ref=CODE`). */
export function isReferralCode(value: unknown): value is string {
  return typeof value === "string" && REFERRAL_CODE_PATTERN.test(value);
}

/**
 * The code of the personal link a visitor came through: 8 characters of REFERRAL_CODE_ALPHABET, any case (a
 * code read aloud or retyped may come back in capitals). The plain form posts an empty field when there is
 * none, which counts as none.
 */
const tidyReferralCode = (value: unknown) =>
  typeof value === "string" ? value.trim().toLowerCase() || undefined : value;
const referralCodeValue = z
  .string({ error: "That referral link is not valid" })
  .regex(REFERRAL_CODE_PATTERN, { message: "That referral link is not valid" });
export const referralCodeSchema = z.preprocess(tidyReferralCode, referralCodeValue.optional());

/** The query of the referrer's greeting (GET /api/waitlist/referrer?code=CODE): the same code, required. */
export const referrerGreetingQuerySchema = z.object({ code: z.preprocess(tidyReferralCode, referralCodeValue) });

/** Said on the email field for an address at a disposable-mail domain (checked on the server only). */
export const PERMANENT_EMAIL_MESSAGE = "Please use a permanent email address.";

/** The longest "What kind of business?" kept: a few words say it ("Dog grooming and walking"). */
export const BUSINESS_DESCRIPTION_MAX_LENGTH = 100;

/**
 * "What kind of business?": optional, asked when the business type is "other" (the featured trades that are
 * not among the options: pet services, photography, landscaping...). Blank counts as not given.
 */
export const businessDescriptionSchema = z.preprocess(
  blankAsUnset,
  z
    .string({ error: "What kind of business must be text" })
    .trim()
    .refine(hasNoControlCharacters, { message: `What kind of business ${CONTROL_CHARACTER_MESSAGE}`, abort: true })
    .max(BUSINESS_DESCRIPTION_MAX_LENGTH, {
      message: `Please keep it to ${BUSINESS_DESCRIPTION_MAX_LENGTH} characters`,
    })
    .optional(),
);

/**
 * The waiting list form's fields, as an object (for `.shape` and `.extend`); use waitlistSchema, which also
 * drops a description given with a business type other than "other". Unknown fields are dropped.
 */
export const waitlistFields = z.object({
  name: z
    .string({ error: "Name must be at least 2 characters" })
    .trim()
    .refine(hasNoControlCharacters, { message: `Name ${CONTROL_CHARACTER_MESSAGE}`, abort: true })
    .min(2, { message: "Name must be at least 2 characters" })
    .max(100, { message: "Name must be at most 100 characters" }),
  email: emailSchema,
  businessType: z
    .string({ error: BUSINESS_TYPE_MESSAGE })
    .min(1, { message: BUSINESS_TYPE_MESSAGE })
    .pipe(z.enum(businessTypeValues, { error: BUSINESS_TYPE_MESSAGE })),
  /** Only with the business type "other" (see onlyOtherDescribed). */
  businessDescription: businessDescriptionSchema,
  employees: z
    .string({ error: TEAM_SIZE_MESSAGE })
    .min(1, { message: TEAM_SIZE_MESSAGE })
    .pipe(z.enum(teamSizeValues, { error: TEAM_SIZE_MESSAGE })),
  agreedToTerms: z.literal(true, { error: "You must agree to the terms" }),
  /** Where the visitor came from, if the landing page saw it. */
  source: signupSourceSchema.optional(),
  /** The personal link the visitor came through, if any (see lib/signup-source). */
  ref: referralCodeSchema,
});

/**
 * A signup schema that ignores "What kind of business?" unless the business type is "other": the form without
 * scripts shows the field to everyone, and a description left there after choosing another type is neither
 * checked nor stored.
 */
export function onlyOtherDescribed<Schema extends z.ZodType>(schema: Schema) {
  // Typed as the schema's own input, so a form built on it (zodResolver) knows its fields.
  return z.preprocess((value: z.input<Schema>) => {
    if (!value || typeof value !== "object" || Array.isArray(value)) return value;
    const body = value as Record<string, unknown>;
    if (body.businessType === "other" || body.businessDescription === undefined) return value;
    return { ...body, businessDescription: undefined };
  }, schema);
}

/**
 * The waiting list form and POST /api/waitlist. The server adds one rule to it, the disposable-mail domains
 * (waitlistSignupSchema in lib/validation/disposable-email.ts).
 */
export const waitlistSchema = onlyOtherDescribed(waitlistFields);

export type WaitlistFormValues = z.input<typeof waitlistFields>;
export type WaitlistSignup = z.output<typeof waitlistFields>;

/** The "send me a new link" form on the confirmation page: the address the visitor signed up with. */
/**
 * "Send me a new link": the address, and the proof of work the page sends with it (checked in full by the
 * route, which only needs it to be text here).
 */
export const newLinkSchema = z.strictObject({
  email: emailSchema,
  [CHALLENGE_FIELD]: z
    .string({ error: "The check's answer must be text." })
    .max(CHALLENGE_PAYLOAD_MAX_LENGTH)
    .optional(),
});
export type NewLinkInput = z.infer<typeof newLinkSchema>;

/** The answer to a request for a new link, the same whether or not the address is on the list. */
export const NEW_LINK_SENT_MESSAGE =
  "If that address is on the waiting list and not yet confirmed, a new link is on its way. Check your inbox.";
