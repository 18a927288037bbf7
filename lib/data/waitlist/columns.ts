import { HELD_REASON_OPTIONS } from "@/lib/validation/challenge";
import { BUSINESS_TYPE_OPTIONS, businessTypeText, STORED_TEAM_SIZE_OPTIONS } from "@/lib/validation/waitlist";
import { z } from "@/lib/validation/zod";

/**
 * How a column's value is kept, shown and written out:
 * - `text`: words as stored (null when `nullable` and not given). The CSV guards it against formulas.
 * - `label`: a stored value from `options` (null when `nullable` and not given); the table and the CSV show its label
 *   (an unknown value as stored).
 * - `time`: a moment (null when `nullable` and not yet), read as a Date, and as ISO 8601 text (UTC, to the
 *   millisecond) by the API and the export.
 * - `number`: a whole number.
 * - `place`: the place in line, null without one. Read as its `sql` (a lookup per row); PostgreSQL's COPY
 *   export numbers the whole line in one pass instead, as working out each place alone would cost a count per row.
 */
export type WaitlistColumnFormat = "text" | "label" | "time" | "number" | "place";

interface ColumnBase<Key extends string> {
  /** Its field in a row, in the API's entries and the SQL's name for it. */
  key: Key;
  /** Its heading in the admin table, and its label on a phone's cards; null: not a column of the table. */
  list: string | null;
  /** Its header in the CSV export; null: not exported. */
  csv: string | null;
  /** Its value, as one SQL expression on the entry's row `w` ("waitlist" AS w). */
  sql: string;
  /**
   * The FROM item its expression reads besides `w`, when it reads another row. Joined under names of its own, so
   * the filters' bare column names still mean the entry's.
   */
  join?: string;
  /**
   * Shown first in the admin table, wherever it sits in the export. The export's columns keep their places (a new
   * one is added after the others), so a spreadsheet built on an earlier export still reads the same columns.
   */
  tableFirst?: true;
  /** Always in the admin table (the product's own columns); any other the admin may hide (lib/data/list-columns.ts). */
  always?: true;
  /** On the list's compact phone card (name, business, status, place, joined); the rest is on the entry's page. */
  card?: true;
}

/** One column of the waiting list: what the list, the API, the table, the entry page and the export read. */
export type WaitlistColumn<Key extends string = string> = ColumnBase<Key> &
  (
    | { format: "text" | "time"; nullable?: boolean }
    | { format: "label"; options: readonly { value: string; label: string }[]; nullable?: boolean }
    | { format: "number" | "place" }
  );

// Keeps each column's own key and format, so rows are typed per column.
const column = <const Column extends WaitlistColumn>(descriptor: Column) => descriptor;

/**
 * Every column of the waiting list, in the order the CSV writes them and the table shows them (but for a
 * `tableFirst` column). A new column of "waitlist" needs
 * its migration, its line in prisma/schema.prisma and an entry here: the list's and the export's SELECTs, the row
 * types, the API's entries, the table and its phone cards, the entry page, and the CSV (both of its paths) take it
 * from here. (Model: dub's exportLinksColumns.)
 */
export const WAITLIST_COLUMNS = [
  column({ key: "id", list: null, csv: null, format: "number", sql: `w."id"` }),
  column({ key: "name", list: "Name", csv: "Name", format: "text", always: true, card: true, sql: `w."name"` }),
  column({ key: "email", list: "Email", csv: "Email", format: "text", always: true, sql: `w."email"` }),
  column({
    key: "businessType",
    list: "Business Type",
    csv: "Business Type",
    format: "label",
    options: BUSINESS_TYPE_OPTIONS,
    always: true,
    card: true,
    sql: `w."businessType"`,
  }),
  // What a visitor who chose "Other" said their business is (empty otherwise); the table shows it after "Other".
  column({
    key: "businessDescription",
    list: null,
    csv: "Business description",
    format: "text",
    nullable: true,
    sql: `w."businessDescription"`,
  }),
  column({
    key: "employees",
    list: "Team Size",
    csv: "Team Size",
    format: "label",
    options: STORED_TEAM_SIZE_OPTIONS,
    always: true,
    sql: `w."employees"`,
  }),
  // Where the signup came from: its utm_source, else its referring host, else "direct" (the database's generated
  // column). The CSV names it by its parts instead (Source, Medium, Campaign, Referrer).
  column({ key: "source", list: "Source", csv: null, format: "text", sql: `w."source"` }),
  column({
    key: "joinedAt",
    list: "Joined",
    csv: "Joined",
    format: "time",
    always: true,
    card: true,
    sql: `w."joinedAt"`,
  }),
  column({
    key: "confirmedAt",
    list: "Confirmed",
    csv: "Confirmed",
    format: "time",
    nullable: true,
    sql: `w."confirmedAt"`,
  }),
  // waiting, invited or accepted (the table shows a held entry as held).
  column({ key: "status", list: "Status", csv: "Status", format: "text", card: true, sql: `w."status"` }),
  column({ key: "invitedAt", list: null, csv: "Invited", format: "time", nullable: true, sql: `w."invitedAt"` }),
  column({ key: "acceptedAt", list: null, csv: "Accepted", format: "time", nullable: true, sql: `w."acceptedAt"` }),
  // What the signup's visit brought: its UTM parameters and referring host, null for a direct visit.
  column({ key: "utmSource", list: null, csv: "Source", format: "text", nullable: true, sql: `w."utmSource"` }),
  column({ key: "utmMedium", list: null, csv: "Medium", format: "text", nullable: true, sql: `w."utmMedium"` }),
  column({ key: "utmCampaign", list: null, csv: "Campaign", format: "text", nullable: true, sql: `w."utmCampaign"` }),
  column({ key: "referrer", list: null, csv: "Referrer", format: "text", nullable: true, sql: `w."referrer"` }),
  column({
    key: "place",
    list: "Place",
    csv: "Place",
    format: "place",
    tableFirst: true,
    card: true,
    sql: `"waitlist_place"(w."lineOrder")`,
  }),
  column({ key: "referralCode", list: null, csv: "Referral code", format: "text", sql: `w."referralCode"` }),
  // The email of whoever referred the entry, while they are on the list: the referral's one link the export spells out.
  column({
    key: "referredBy",
    list: null,
    csv: "Referred by",
    format: "text",
    nullable: true,
    sql: `referrer."referrerEmail"`,
    join: `LEFT JOIN LATERAL (SELECT r."email" AS "referrerEmail" FROM "waitlist" AS r WHERE r."id" = w."referredById") AS referrer ON TRUE`,
  }),
  // The referrals credited to the entry (friends who joined through its link and confirmed).
  column({ key: "referrals", list: "Referrals", csv: "Referrals", format: "number", sql: `w."referralCredits"` }),
  // When a signup was held for review, and why (a fixed word: missing, invalid...); null for everyone else.
  column({ key: "heldAt", list: null, csv: "Held", format: "time", nullable: true, sql: `w."heldAt"` }),
  column({ key: "heldReason", list: null, csv: "Held reason", format: "text", nullable: true, sql: `w."heldReason"` }),
  // The entry's tags, in alphabetical order and separated by ", " (as an import's TAGS column reads them back);
  // null without any. Read from their own table through its primary key, a lookup per row. Not a column of the
  // table (its page weight is held to a budget): the entry's page shows them, and the tag filters find them.
  column({
    key: "tags",
    list: null,
    csv: "Tags",
    format: "text",
    nullable: true,
    sql: `(SELECT string_agg(t."tag", ', ' ORDER BY t."tag") FROM "waitlist_tags" AS t WHERE t."entryId" = w."id")`,
  }),
  // The held reason in words ("Sent without the form's background check..."), empty for everyone else. After the
  // others rather than beside the code, so a spreadsheet built on an earlier export reads the same columns.
  column({
    key: "heldReasonText",
    list: null,
    csv: "Held reason (in words)",
    format: "label",
    options: HELD_REASON_OPTIONS,
    nullable: true,
    sql: `w."heldReason"`,
  }),
] as const;

type Column = (typeof WAITLIST_COLUMNS)[number];

/** The name of a column's field. */
export type WaitlistColumnKey = Column["key"];

type Nullable<C, Value> = C extends { nullable: true } ? Value | null : Value;

/** A column's value, with times as `Time`. */
type ValueOf<C, Time> = C extends { format: "text" }
  ? Nullable<C, string>
  : C extends { format: "label" }
    ? Nullable<C, string>
    : C extends { format: "time" }
      ? Nullable<C, Time>
      : C extends { format: "number" }
        ? number
        : C extends { format: "place" }
          ? number | null
          : never;

/** An entry as the admin list and the entry page read it: every column, times as Dates. */
export type WaitlistRow = { [C in Column as C["key"]]: ValueOf<C, Date> };

/** An entry with its times as ISO 8601 text: as the export reads it and the API answers it. */
export type WaitlistRecord = { [C in Column as C["key"]]: ValueOf<C, string> };

/**
 * One entry of GET /api/admin/waitlist: every column (times as ISO 8601 text or null), and `businessTypeLabel`, the
 * business type's label with the visitor's description after "Other" ("Other: Dog grooming").
 */
export type WaitlistApiRow = WaitlistRecord & { businessTypeLabel: string };

/** Every column, seen as a plain descriptor, for code that treats them all alike. */
export const ANY_WAITLIST_COLUMNS: readonly WaitlistColumn<WaitlistColumnKey>[] = WAITLIST_COLUMNS;

/** The columns of the admin table (and its phone cards), in its order. */
export const LIST_COLUMNS = ANY_WAITLIST_COLUMNS.filter((descriptor) => descriptor.list !== null).sort(
  (a, b) => Number(b.tableFirst ?? false) - Number(a.tableFirst ?? false),
);

/** The keys of the table's columns an admin may hide, in the table's order. */
export const OPTIONAL_LIST_COLUMN_KEYS = LIST_COLUMNS.filter((descriptor) => !descriptor.always).map(
  (descriptor) => descriptor.key,
);

/** The columns of the CSV export, in its order. */
export const CSV_COLUMNS = ANY_WAITLIST_COLUMNS.filter((descriptor) => descriptor.csv !== null);

/** The CSV export's header. */
export const WAITLIST_CSV_HEADER: readonly string[] = CSV_COLUMNS.map((descriptor) => descriptor.csv!);

/**
 * The team's notes on each entry, oldest first, each as "author (time UTC): text", a blank line between them.
 * Not a column of the export unless the team ticks it: notes are the team's own words about a person, and a CSV
 * travels further than the admin area.
 */
export const NOTES_COLUMN = column({
  key: "notes",
  list: null,
  csv: "Notes",
  format: "text",
  nullable: true,
  sql: `(SELECT string_agg(n."authorEmail" || ' (' || to_char(n."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC): ' || n."body", E'\\n\\n' ORDER BY n."id") FROM "waitlist_notes" AS n WHERE n."entryId" = w."id")`,
});

/** The export's columns: CSV_COLUMNS, and the notes after them when asked for. */
export function csvColumnsOf(options: { notes?: boolean }): readonly WaitlistColumn[] {
  return options.notes ? [...CSV_COLUMNS, NOTES_COLUMN] : CSV_COLUMNS;
}

/** A label column's label for a stored value; an unknown value as stored. */
export function labelOf(descriptor: WaitlistColumn, value: string): string {
  if (descriptor.format !== "label") return value;
  return descriptor.options.find((option) => option.value === value)?.label ?? value;
}

/** An entry as GET /api/admin/waitlist answers it: its times as ISO 8601 text. */
export function waitlistApiRow(row: WaitlistRow): WaitlistApiRow {
  const record: Record<string, unknown> = {};
  for (const descriptor of ANY_WAITLIST_COLUMNS) {
    const value = row[descriptor.key];
    record[descriptor.key] = value instanceof Date ? value.toISOString() : value;
  }
  return {
    ...(record as WaitlistRecord),
    businessTypeLabel: businessTypeText(row.businessType, row.businessDescription),
  };
}

// Which columns an admin shows, as the Columns form and PUT /api/admin/list-columns both check it (beside the
// descriptors it is made from, which the browser's form reads as well).
/** PUT /api/admin/list-columns and the list's Columns form: the columns the admin hides (the others show). */
export const listColumnsSchema = z.strictObject({
  hidden: z
    .array(
      z.enum(OPTIONAL_LIST_COLUMN_KEYS as [WaitlistColumnKey, ...WaitlistColumnKey[]], {
        error: `hidden may name only ${OPTIONAL_LIST_COLUMN_KEYS.join(", ")}`,
      }),
      { error: "hidden must be a list of columns" },
    )
    .max(OPTIONAL_LIST_COLUMN_KEYS.length, { message: "hidden names too many columns" })
    // Each once, in the table's order, however the form sent them.
    .transform((keys) => OPTIONAL_LIST_COLUMN_KEYS.filter((key) => keys.includes(key))),
});
export type ListColumnsInput = z.input<typeof listColumnsSchema>;

/**
 * The hidden columns an admin's row holds that are still ones an admin may hide: a column renamed or made
 * permanent since is shown again rather than breaking the list.
 */
export function knownHiddenColumns(stored: readonly string[]): WaitlistColumnKey[] {
  return OPTIONAL_LIST_COLUMN_KEYS.filter((key) => stored.includes(key));
}

/** The table's columns for an admin who hid `hidden`. */
export function visibleListColumns(hidden: readonly string[]) {
  return LIST_COLUMNS.filter((column) => column.always || !hidden.includes(column.key));
}
