import { FORMULA_TRIGGER_CHARACTERS } from "@/lib/spreadsheet-formula";
import { splitTags, tagListSchema } from "@/lib/validation/tags";
import {
  BUSINESS_DESCRIPTION_MAX_LENGTH,
  BUSINESS_TYPE_OPTIONS,
  businessDescriptionSchema,
  cleanSignupSource,
  NOT_GIVEN_TEAM_SIZE,
  TEAM_SIZE_OPTIONS,
  waitlistFields,
  type BusinessType,
  type StoredTeamSize,
  type TeamSize,
} from "@/lib/validation/waitlist";
import { z } from "@/lib/validation/zod";

// Importing an existing list from a CSV file: which column holds what (worked out from the header, and
// changeable on the page), and each row turned into a waiting-list entry by the same rules a signup meets.
// Used by the page, for its preview, and by the server, which checks every row again for itself.

/** What an import can fill in, in the order the page lists them. */
export const IMPORT_FIELDS = [
  "email",
  "name",
  "firstName",
  "lastName",
  "businessType",
  "businessDescription",
  "teamSize",
  "joinedAt",
  "confirmedAt",
  "utmSource",
  "utmMedium",
  "utmCampaign",
  "referrer",
  "tags",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  email: "Email",
  name: "Name",
  firstName: "First name",
  lastName: "Last name",
  businessType: "Business type",
  businessDescription: "What kind of business",
  teamSize: "Team size",
  joinedAt: "Signed up",
  confirmedAt: "Confirmed",
  utmSource: "Source",
  utmMedium: "Medium",
  utmCampaign: "Campaign",
  referrer: "Referrer",
  tags: "Tags",
};

/** Which column (by position in the header) fills each field; null when none does. */
export type ImportMapping = Record<ImportField, number | null>;

// Header names as written by spreadsheets, Mailchimp's "subscribed members" export (Email Address, First Name,
// Last Name, OPTIN_TIME, CONFIRM_TIME...), other waiting-list tools and our own export (lib/data/waitlist/export.ts),
// compared with case, spaces and punctuation taken out.
const HEADER_NAMES: Record<ImportField, string[]> = {
  email: ["email", "emailaddress", "e-mail", "mail", "emailaddr", "subscriberemail", "contactemail"],
  name: ["name", "fullname", "yourname", "contactname", "subscribername"],
  firstName: ["firstname", "fname", "givenname", "first", "forename"],
  lastName: ["lastname", "lname", "surname", "familyname", "last"],
  businessType: ["businesstype", "business", "typeofbusiness", "industry", "trade", "sector", "businesscategory"],
  // Our export's "Business description", and the form's own question.
  businessDescription: [
    "businessdescription",
    "whatkindofbusiness",
    "kindofbusiness",
    "describeyourbusiness",
    "businessdetails",
  ],
  teamSize: ["teamsize", "employees", "size", "companysize", "staff", "numberofemployees", "team", "headcount"],
  joinedAt: [
    "joined",
    "joinedat",
    "optintime",
    "timestampopt",
    "signedup",
    "signedupat",
    "signupdate",
    "signuptime",
    "subscribed",
    "subscribedat",
    "dateadded",
    "createdat",
    "created",
    "date",
    "timestamp",
  ],
  confirmedAt: ["confirmed", "confirmedat", "confirmtime", "confirmationtime", "verified", "verifiedat", "optedin"],
  utmSource: ["source", "utmsource", "signupsource"],
  utmMedium: ["medium", "utmmedium"],
  utmCampaign: ["campaign", "utmcampaign"],
  referrer: ["referrer", "referer", "referringsite", "referringdomain"],
  // Mailchimp's TAGS column ("Customer","VIP" or plain commas), and our own export's Tags.
  tags: ["tags", "tag", "labels"],
};

const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

/** The mapping proposed for a file's header: each field takes the first column whose name it recognises. */
export function detectMapping(header: readonly string[]): ImportMapping {
  const keys = header.map(headerKey);
  const taken = new Set<number>();
  const mapping = Object.fromEntries(IMPORT_FIELDS.map((field) => [field, null])) as ImportMapping;
  for (const field of IMPORT_FIELDS) {
    const index = keys.findIndex((key, position) => !taken.has(position) && HEADER_NAMES[field].includes(key));
    if (index >= 0) {
      mapping[field] = index;
      taken.add(index);
    }
  }
  // A full name column says it all: first and last names stay unused unless chosen.
  return mapping;
}

/** The longest cell an import takes: far more than any real value, little enough to keep a batch small. */
export const IMPORT_CELL_MAX_LENGTH = 500;
/** Rows per request: the server's limit, and comfortably under the 4.5 MB a request body may weigh on Vercel. */
export const IMPORT_BATCH_SIZE = 5_000;
/** The largest request body the import takes, in bytes (Vercel's cap is 4.5 MB). */
export const IMPORT_MAX_BYTES = 4_400_000;

const cell = z.string({ error: "must be text" }).max(IMPORT_CELL_MAX_LENGTH, "is too long").optional();

/** One row of the file as the page sends it: the mapped cells as they are, and the row's number in the file. */
export const importRowSchema = z.strictObject({
  line: z.number({ error: "line must be a row number" }).int().min(1).max(100_000_000),
  email: cell,
  name: cell,
  firstName: cell,
  lastName: cell,
  businessType: cell,
  businessDescription: cell,
  teamSize: cell,
  joinedAt: cell,
  confirmedAt: cell,
  utmSource: cell,
  utmMedium: cell,
  utmCampaign: cell,
  referrer: cell,
  tags: cell,
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** A row of the file turned into what the page sends, by the mapping. */
export function importRowOf(record: readonly string[], mapping: ImportMapping, line: number): ImportRow {
  const row: ImportRow = { line };
  for (const field of IMPORT_FIELDS) {
    const index = mapping[field];
    if (index === null) continue;
    const value = record[index]?.trim();
    if (value) row[field] = value.slice(0, IMPORT_CELL_MAX_LENGTH);
  }
  return row;
}

const rows = z
  .array(importRowSchema, { error: "rows must be a list of rows" })
  .min(1, "rows must hold at least one row")
  .max(IMPORT_BATCH_SIZE, `rows may hold at most ${IMPORT_BATCH_SIZE.toLocaleString("en-GB")} rows`);
/** The most addresses one "on-list" question may ask about: more than the preview shows. */
export const PREVIEW_EMAILS_MAX = 100;
const importId = z.uuid({ error: "importId must be a UUID" });
const consent = z.literal(true, { error: "Please confirm that these people agreed to hear from you." });

/**
 * POST /api/admin/waitlist/import: a dry run of a batch (`dry-run`: counted, nothing stored), a batch of the
 * import itself (`import`, numbered from 0; sent again, it is applied once), and the end of the import
 * (`finish`, also after Stop), which writes its one audit entry and webhook event.
 */
export const importRequestSchema = z.discriminatedUnion(
  "action",
  [
    z.strictObject({ action: z.literal("dry-run"), rows }),
    // The preview's addresses (its first rows), to mark those already on the list before any dry run.
    z.strictObject({
      action: z.literal("on-list"),
      emails: z
        .array(z.string({ error: "emails must be text" }).max(IMPORT_CELL_MAX_LENGTH, "is too long"), {
          error: "emails must be a list of addresses",
        })
        .max(PREVIEW_EMAILS_MAX, `emails may hold at most ${PREVIEW_EMAILS_MAX} addresses`),
    }),
    z.strictObject({
      action: z.literal("import"),
      importId,
      batch: z.number().int().min(0).max(100_000),
      rows,
      consent,
      sendConfirmations: z.boolean().default(false),
    }),
    z.strictObject({
      action: z.literal("finish"),
      importId,
      consent,
      sendConfirmations: z.boolean().default(false),
      stopped: z.boolean().default(false),
      /** Rows the page left out as repeats of an address earlier in the file. */
      repeated: z.number().int().min(0).max(100_000_000).default(0),
      fileName: z.string().trim().max(255).optional(),
    }),
  ],
  { error: "action must be dry-run, on-list, import or finish" },
);
export type ImportRequest = z.infer<typeof importRequestSchema>;

/** The statement the person importing agrees to; the audit entry records it word for word. */
export const IMPORT_CONSENT_STATEMENT = "These people agreed to hear from us.";

/** Counts of a batch, or of a whole import. */
export interface ImportCounts {
  added: number;
  existing: number;
  invalid: number;
  suppressed: number;
}

const lettersOnly = (value: string) => value.toLowerCase().replace(/[^a-z]/g, "");

// Common spellings of each business type; anything else that is given is kept as "other".
const BUSINESS_TYPE_WORDS: [BusinessType, string[]][] = [
  ["trades", ["trade", "plumb", "electric", "build", "construct", "carpent", "joiner", "roof", "decorat", "painter"]],
  ["cleaning", ["clean"]],
  ["beauty", ["beaut", "wellness", "hair", "salon", "barber", "nail", "spa", "massage", "lash", "brow"]],
  ["car", ["valet", "detailing", "carwash", "car"]],
  ["handyman", ["handy", "oddjob"]],
  ["therapy", ["therap", "counsel", "psycho"]],
  ["tutoring", ["tutor", "tuition", "teach", "lesson"]],
];

/**
 * A business type from how a file spells it: our own values and labels, and common words ("Cleaning",
 * "cleaner", "Trades", "plumber"). Anything else, or nothing, is "other": a person is not left out of the
 * list for the way an old form asked about their trade.
 */
export function businessTypeOf(text: string | undefined): BusinessType {
  const key = lettersOnly(text ?? "");
  if (!key) return "other";
  for (const option of BUSINESS_TYPE_OPTIONS) {
    if (key === option.value || key === lettersOnly(option.label)) return option.value;
  }
  for (const [value, words] of BUSINESS_TYPE_WORDS) {
    if (words.some((word) => key.startsWith(word) || (word.length > 3 && key.includes(word)))) return value;
  }
  return "other";
}

/**
 * "What kind of business?" for an imported entry of the type "other": the file's own description column if it
 * has one, else the business type it gave when that matched none of ours ("Dog grooming" is kept in the
 * person's words rather than lost to "Other"). Cut to the form's length; text the form would refuse is left out.
 */
export function businessDescriptionOf(
  type: BusinessType,
  description: string | undefined,
  typeText: string | undefined,
): string | null {
  if (type !== "other") return null;
  const given = description?.trim() || (lettersOnly(typeText ?? "") === "other" ? "" : typeText?.trim());
  if (!given) return null;
  const parsed = businessDescriptionSchema.safeParse(given.slice(0, BUSINESS_DESCRIPTION_MAX_LENGTH));
  return parsed.success ? (parsed.data ?? null) : null;
}

/** The team size for a count of people. */
function teamSizeForCount(count: number): TeamSize | null {
  if (!Number.isInteger(count) || count < 1) return null;
  if (count === 1) return "1";
  if (count <= 5) return "2-5";
  if (count <= 10) return "6-10";
  return "11+";
}

/**
 * A team size from how a file spells it: "Just me", "1", "2-5", "2 to 5", "6–10", "11+", "more than 10", "over
 * 20", "3"... A range must fall within one of our sizes ("1-10" does not). Empty is "Not given" (most lists never
 * asked, and guessing "Just me" would skew the overview's team sizes); text that reads as no size at all is null,
 * and the row is refused rather than guessed.
 */
export function teamSizeOf(text: string | undefined): StoredTeamSize | null {
  const value = (text ?? "")
    .toLowerCase()
    .replace(/[\u2012-\u2015]/g, "-")
    .replace(/\s+/g, " ")
    .trim();
  // Our own export writes "Not given" for a size no file gave.
  if (!value || value === "not given" || value === NOT_GIVEN_TEAM_SIZE) return NOT_GIVEN_TEAM_SIZE;
  if (/^(just me|me|only me|myself|just myself|solo|sole trader|one|one person|1 person|self[- ]employed)$/.test(value))
    return "1";
  for (const option of TEAM_SIZE_OPTIONS)
    if (value === option.value || value === option.label.toLowerCase()) return option.value;
  const plus = /^(\d+) ?(\+|or more|and over|and above)$/.exec(value);
  if (plus) return Number(plus[1]) >= 11 ? "11+" : null;
  const moreThan = /^(more than|over|above) (\d+)$/.exec(value);
  if (moreThan) return Number(moreThan[2]) >= 10 ? "11+" : null;
  const range = /^(\d+) ?(-|to) ?(\d+)( people| employees| staff)?$/.exec(value);
  if (range) {
    const low = teamSizeForCount(Number(range[1]));
    const high = teamSizeForCount(Number(range[3]));
    return low !== null && low === high ? low : null;
  }
  const count = /^(\d+)( people| employees| staff)?$/.exec(value);
  if (count) return teamSizeForCount(Number(count[1]));
  return null;
}

export const TEAM_SIZE_HELP = "Team size must read as one of: Just me, 2-5, 6-10, 11+ (or a number of people).";

/**
 * A time from a file: ISO 8601 (our export's 2026-01-31T09:30:00.000Z), Mailchimp's "2026-01-31 09:30:00", a bare
 * date, or a UK date (31/01/2026, day first). A time with no zone is read as UTC, as Mailchimp writes it. Empty is
 * undefined; text that is no real time, or a time in the future, is null.
 */
export function importTimeOf(text: string | undefined, now: Date): Date | null | undefined {
  const value = (text ?? "").trim();
  if (!value) return undefined;
  const isoMatch =
    /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?)?\s*(Z|UTC|GMT|[+-]\d{2}:?\d{2})?$/i.exec(
      value,
    );
  const ukMatch = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:,? (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(value);
  let year: string, month: string, day: string, hour: string, minute: string, second: string, fraction: string;
  let zone = "Z";
  if (isoMatch) {
    [, year, month, day] = isoMatch as unknown as [string, string, string, string];
    hour = isoMatch[4] ?? "00";
    minute = isoMatch[5] ?? "00";
    second = isoMatch[6] ?? "00";
    fraction = (isoMatch[7] ?? ".000").slice(0, 4).padEnd(4, "0");
    const given = isoMatch[8]?.toUpperCase();
    if (given && given !== "UTC" && given !== "GMT" && given !== "Z") {
      zone = given.includes(":") ? given : `${given.slice(0, 3)}:${given.slice(3)}`;
    }
  } else if (ukMatch) {
    day = ukMatch[1]!.padStart(2, "0");
    month = ukMatch[2]!.padStart(2, "0");
    year = ukMatch[3]!;
    hour = (ukMatch[4] ?? "00").padStart(2, "0");
    minute = ukMatch[5] ?? "00";
    second = ukMatch[6] ?? "00";
    fraction = ".000";
  } else {
    return null;
  }
  const iso = `${year}-${month}-${day}T${hour}:${minute}:${second}${fraction}${zone}`;
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return null;
  // new Date rolls 31/02 over to March: a date that does not come back as written is not a real one.
  if (zone === "Z" && !time.toISOString().startsWith(`${year}-${month}-${day}T${hour}:${minute}`)) return null;
  if (time.getUTCFullYear() < 1990) return null;
  // A few minutes' grace for a clock that runs a little ahead of ours.
  if (time.getTime() > now.getTime() + 5 * 60 * 1000) return null;
  return time;
}

/** A cell as a spreadsheet-safe export wrote it: a leading ' put before a formula's first character is taken off. */
function unescaped(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return value.startsWith("'") && FORMULA_TRIGGER_CHARACTERS.includes(value.charAt(1)) ? value.slice(1) : value;
}

/** A row as it will be stored. */
export interface ImportEntry {
  line: number;
  name: string;
  email: string;
  businessType: BusinessType;
  /** "What kind of business?", with "other" only. */
  businessDescription: string | null;
  /** One of the form's sizes, or "Not given" when the file gave none. */
  employees: StoredTeamSize;
  joinedAt: Date;
  confirmedAt: Date | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrer: string | null;
  /** The row's tags (its TAGS cell), kept as tags are (lower-cased), without repeats. */
  tags: string[];
}

export type ImportRowResult = { ok: true; entry: ImportEntry } | { ok: false; line: number; errors: string[] };

/**
 * A row checked by the waiting list's own rules (name and email as a signup's; business type and team size from
 * their common spellings), with its times: the signup time (the import's own time when the file has none) and the
 * confirmation time, if any. `isDisposable` is the server's list of throwaway-mail domains (too large to ship to
 * the browser, so the page's preview goes without it). Source fields that break the signup rules are dropped,
 * not the row.
 */
export function checkImportRow(
  row: ImportRow,
  now: Date,
  isDisposable: (email: string) => boolean = () => false,
): ImportRowResult {
  const errors: string[] = [];
  // Half of a character pair (a file cut mid-emoji, say) cannot be stored: the row is refused, not the batch.
  if (Object.values(row).some((value) => typeof value === "string" && !value.isWellFormed()))
    errors.push("The row has a broken character in it; check the file's encoding (UTF-8).");
  const email = waitlistFields.shape.email.safeParse(unescaped(row.email) ?? "");
  if (!email.success) errors.push(row.email ? "The email address is not valid." : "The email address is missing.");
  else if (isDisposable(email.data)) errors.push("The email address is a throwaway (disposable) one.");
  const fullName = unescaped(row.name) ?? [unescaped(row.firstName), unescaped(row.lastName)].filter(Boolean).join(" ");
  const name = waitlistFields.shape.name.safeParse(fullName);
  if (!name.success) errors.push(fullName ? name.error.issues[0]!.message + "." : "The name is missing.");
  const employees = teamSizeOf(row.teamSize);
  if (employees === null) errors.push(`The team size "${row.teamSize}" is not one we know. ${TEAM_SIZE_HELP}`);
  const joined = importTimeOf(row.joinedAt, now);
  if (joined === null) errors.push(`The signup time "${row.joinedAt}" is not a date and time we can read.`);
  const confirmed = importTimeOf(row.confirmedAt, now);
  if (confirmed === null) errors.push(`The confirmed time "${row.confirmedAt}" is not a date and time we can read.`);
  const tags = tagListSchema.safeParse(splitTags(unescaped(row.tags) ?? ""));
  if (!tags.success)
    errors.push(`The tags "${row.tags}" cannot be used: ${tags.error.issues[0]?.message ?? "check them"}.`);
  if (
    !tags.success ||
    errors.length > 0 ||
    !email.success ||
    !name.success ||
    employees === null ||
    joined === null ||
    confirmed === null
  )
    return { ok: false, line: row.line, errors };
  const source = cleanSignupSource({
    utmSource: unescaped(row.utmSource),
    utmMedium: unescaped(row.utmMedium),
    utmCampaign: unescaped(row.utmCampaign),
    referrer: unescaped(row.referrer),
  });
  const joinedAt = joined ?? now;
  const businessType = businessTypeOf(row.businessType);
  return {
    ok: true,
    entry: {
      line: row.line,
      name: name.data,
      email: email.data,
      businessType,
      businessDescription: businessDescriptionOf(
        businessType,
        unescaped(row.businessDescription),
        unescaped(row.businessType),
      ),
      employees,
      joinedAt,
      // Confirmed before they signed up cannot be: such a file's clocks disagree, and the signup time wins.
      confirmedAt: confirmed ? (confirmed < joinedAt ? joinedAt : confirmed) : null,
      utmSource: source?.utmSource ?? null,
      utmMedium: source?.utmMedium ?? null,
      utmCampaign: source?.utmCampaign ?? null,
      referrer: source?.referrer ?? null,
      tags: tags.data,
    },
  };
}

/** DELETE /api/admin/waitlist/{id}: `?suppress=1` also keeps the address from ever being imported again. */
export const deleteEntryQuerySchema = z.object({
  suppress: z.enum(["0", "1"], { error: "suppress must be 0 or 1" }).optional(),
});
