import type { Prisma } from "@/lib/generated/prisma/client";
import {
  choice,
  columnContains,
  columnIs,
  valueOfFilter,
  type FilterValueSchema,
  type ListFilterDescriptor,
  type SqlTag,
} from "@/lib/validation/list-filters";
import { TAG_MAX_LENGTH, tagFilterSchema, TAGS_PER_ENTRY } from "@/lib/validation/tags";
import {
  BUSINESS_TYPE_OPTIONS,
  STATUS_LABELS,
  STORED_TEAM_SIZE_OPTIONS,
  WAITLIST_STATUSES,
  type BusinessType,
  type StoredTeamSize,
} from "@/lib/validation/waitlist";
import { blankAsUnset, CONTROL_CHARACTER_MESSAGE, hasNoControlCharacters, z } from "@/lib/validation/zod";

/** One way the admin list, the export and "invite the next" can be narrowed. */
export interface WaitlistFilterDescriptor<
  Key extends string = string,
  Schema extends FilterValueSchema = FilterValueSchema,
> extends ListFilterDescriptor<Key, Schema> {
  /**
   * The same entries as a condition on "waitlist_segment_counts", the sums the database keeps by the fixed-choice
   * filters, so a segment's count is a sum over a few hundred rows rather than a count of the list. Absent where
   * those sums cannot tell (a search, a referrer, tags): a count with such a filter reads the list.
   */
  counted?(value: NonNullable<z.output<Schema>>, sql: SqlTag): Prisma.Sql;
}

// Keeps each descriptor's own key and value types, so requests and the page's state are typed per filter.
const filter = <const Key extends string, Schema extends FilterValueSchema>(
  descriptor: WaitlistFilterDescriptor<Key, Schema>,
) => descriptor;

/**
 * A filter with two answers, "yes" and "no": each a condition on "waitlist" and the words its drop-down shows.
 * The confirmed, referrals and held filters are all of this shape.
 */
const yesNoFilter = <const Key extends string>(options: {
  key: Key;
  label: string;
  place: number;
  more?: boolean;
  any: string;
  yes: { label: string; where: string; counted: string };
  no: { label: string; where: string; counted: string };
}) =>
  filter({
    key: options.key,
    param: options.key,
    label: options.label,
    schema: choice(["yes", "no"], `${options.key} must be yes or no`),
    where: (value, sql) => sql([value === "yes" ? options.yes.where : options.no.where]),
    counted: (value, sql) => sql([value === "yes" ? options.yes.counted : options.no.counted]),
    control: {
      kind: "select",
      place: options.place,
      more: options.more,
      any: options.any,
      options: [
        { value: "yes", label: options.yes.label },
        { value: "no", label: options.no.label },
      ],
    },
  });

/**
 * The entries with tags (see lib/validation/tags.ts): with any of them, or with every one. The value is the
 * tags as text ("cleaners,london"); the tags sit in a table of their own, read through its (tag, entry) index.
 */
const tagFilter = <const Key extends string>(options: {
  key: Key;
  param: string;
  label: string;
  place: number;
  placeholder: string;
  hint: string;
  every: boolean;
}) =>
  filter({
    key: options.key,
    param: options.param,
    label: options.label,
    schema: z.preprocess(blankAsUnset, tagFilterSchema.optional()),
    where: (value, sql, { perRow = false } = {}) => {
      const tags = value.split(",");
      // Correlated on the entry (the tags' table has no "id" of its own, so "id" is the entry's). One row per
      // entry and tag, so "every one" is a full count. "Any of them" as EXISTS lets the planner choose: a semi-join
      // through the (tag, entry) index for a rare tag, or one hash of every tagged entry for a common one, each
      // right when the whole list is read. On a walk down the list's order (`perRow`) it would still choose that
      // hash, costed as if the walk read the whole list, and build it from every tagged entry before the first row
      // (a tag on a fifth of a million entries: hundreds of milliseconds); there a scalar subquery, which is never
      // hashed, keeps it one probe of the tags' primary key per row the walk reads.
      if (options.every)
        return sql(
          [
            `(SELECT count(*) FROM "waitlist_tags" AS t WHERE t."entryId" = "id" AND t."tag" = ANY(`,
            `::text[])) = cardinality(`,
            `::text[])`,
          ],
          tags,
          tags,
        );
      return perRow
        ? sql(
            [
              `COALESCE((SELECT TRUE FROM "waitlist_tags" AS t WHERE t."entryId" = "id" AND t."tag" = ANY(`,
              `::text[]) LIMIT 1), FALSE)`,
            ],
            tags,
          )
        : sql(
            [`EXISTS (SELECT 1 FROM "waitlist_tags" AS t WHERE t."entryId" = "id" AND t."tag" = ANY(`, `::text[]))`],
            tags,
          );
    },
    control: {
      kind: "text",
      place: options.place,
      more: true,
      placeholder: options.placeholder,
      hint: options.hint,
      maxLength: (TAG_MAX_LENGTH + 2) * TAGS_PER_ENTRY,
      normalise: (text) =>
        text
          .split(",")
          .map((tag) => tag.trim().replace(/\s+/g, " ").toLowerCase())
          .filter(Boolean)
          .sort()
          .join(","),
      suggestsKnownTags: true,
    },
  });

const businessTypeValues = BUSINESS_TYPE_OPTIONS.map((option) => option.value) as [BusinessType, ...BusinessType[]];
// The form's four sizes and "Not given", which only imported rows hold.
const teamSizeValues = STORED_TEAM_SIZE_OPTIONS.map((option) => option.value) as [StoredTeamSize, ...StoredTeamSize[]];

const SOURCE_MAX_LENGTH = 253;

/** The entries whose source contains the text, case-insensitively (on the list, or on its sums). */
const sourceContains = columnContains("source");

/** The longest "Referred by" value: an email address can be 254 characters. */
const REFERRED_BY_MAX_LENGTH = 254;
const REFERRED_BY_MESSAGE = "Enter the referrer's link code, email address or full name.";

/**
 * Every filter of the waiting list, in the order requests and URLs list them. Adding one here is enough for
 * the list, the export, invitations, the page's address and its controls to take it.
 */
export const WAITLIST_FILTERS = [
  // Only entries whose address is confirmed, or only those not yet.
  yesNoFilter({
    key: "confirmed",
    label: "Confirmed",
    place: 4,
    any: "Confirmed or not",
    yes: { label: "Confirmed", where: `"confirmedAt" IS NOT NULL`, counted: `"confirmed"` },
    no: { label: "Not confirmed", where: `"confirmedAt" IS NULL`, counted: `NOT "confirmed"` },
  }),
  filter({
    key: "status",
    param: "status",
    label: "Status",
    schema: choice(WAITLIST_STATUSES, `status must be one of ${WAITLIST_STATUSES.join(", ")}`),
    where: columnIs("status"),
    counted: columnIs("status"),
    control: {
      kind: "select",
      place: 1,
      any: "Any status",
      options: WAITLIST_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
    },
  }),
  filter({
    key: "type",
    param: "type",
    label: "Business type",
    schema: choice(businessTypeValues, "type must be one of the business types"),
    where: columnIs("businessType"),
    counted: columnIs("businessType"),
    control: { kind: "select", place: 2, any: "Any business type", options: BUSINESS_TYPE_OPTIONS },
  }),
  filter({
    key: "size",
    param: "size",
    label: "Team size",
    schema: choice(teamSizeValues, "size must be one of the team sizes"),
    where: columnIs("employees"),
    counted: columnIs("employees"),
    control: { kind: "select", place: 3, more: true, any: "Any team size", options: STORED_TEAM_SIZE_OPTIONS },
  }),
  filter({
    key: "source",
    param: "source",
    label: "Source",
    // A signup's utm_source, else its referring host, else "direct": the column "source", which the database
    // keeps (and indexes) from the two; its parts are stored lower-cased.
    schema: z.preprocess(
      blankAsUnset,
      z
        .string({ error: "source must be text" })
        .trim()
        .toLowerCase()
        .refine(hasNoControlCharacters, { message: `source ${CONTROL_CHARACTER_MESSAGE}`, abort: true })
        .max(SOURCE_MAX_LENGTH, { message: `source must be at most ${SOURCE_MAX_LENGTH} characters` })
        .optional(),
    ),
    // What the team types is part of a source more often than all of it ("reddit" for www.reddit.com), so
    // the filter keeps every source containing it, case-insensitively; a trigram index serves it.
    where: sourceContains,
    // The sums keep each source as the list does: the same test over a few hundred distinct sources.
    counted: sourceContains,
    control: {
      kind: "text",
      place: 5,
      more: true,
      placeholder: "Any source",
      hint: "Part of a utm_source or a referring site, or direct, referral or import; press Enter to apply.",
      maxLength: SOURCE_MAX_LENGTH,
      normalise: (text) => text.trim().toLowerCase(),
      suggestsKnownSources: true,
    },
  }),
  // Entries with at least one referral credited to them (friends who joined through their link and
  // confirmed), or with none.
  yesNoFilter({
    key: "referrals",
    label: "Referrals",
    place: 6,
    more: true,
    any: "Referrals or not",
    yes: { label: "Has referrals", where: `"referralCredits" > 0`, counted: `"hasReferrals"` },
    no: { label: "No referrals", where: `"referralCredits" = 0`, counted: `NOT "hasReferrals"` },
  }),
  filter({
    key: "referredBy",
    param: "referred-by",
    label: "Referred by",
    // The entries that joined through one person's link, that person named by their link's code, their
    // email address or their full name (any case). Anything shorter than a name is refused with a message
    // rather than read as "everyone".
    schema: z.preprocess(
      blankAsUnset,
      z
        .string({ error: "referred-by must be text" })
        .trim()
        .toLowerCase()
        .refine(hasNoControlCharacters, { message: `Referred by ${CONTROL_CHARACTER_MESSAGE}`, abort: true })
        .min(2, { message: REFERRED_BY_MESSAGE })
        .max(REFERRED_BY_MAX_LENGTH, { message: REFERRED_BY_MESSAGE })
        .optional(),
    ),
    where: (value, sql) =>
      sql(
        [
          `"referredById" IN (SELECT r."id" FROM "waitlist" AS r WHERE r."referralCode" = `,
          `::text OR r."email" = `,
          `::text OR lower(r."name") = `,
          "::text)",
        ],
        value,
        value,
        value,
      ),
    control: {
      kind: "text",
      place: 7,
      more: true,
      placeholder: "Any referrer",
      hint: "The referrer's link code (8 characters after ?ref=), email or full name; press Enter to apply.",
      maxLength: REFERRED_BY_MAX_LENGTH,
      normalise: (text) => text.trim().toLowerCase(),
    },
  }),
  // Signups held for review (they came without the form's proof of work: see lib/challenge/altcha.ts), or
  // everyone else. Held ones are listed with the rest, marked, but count nowhere until released.
  yesNoFilter({
    key: "held",
    label: "Held",
    place: 8,
    more: true,
    any: "Held or not",
    yes: { label: "Held for review", where: `"heldAt" IS NOT NULL`, counted: `"held"` },
    no: { label: "Not held", where: `"heldAt" IS NULL`, counted: `NOT "held"` },
  }),
  tagFilter({
    key: "tags",
    param: "tags",
    label: "Any of these tags",
    place: 9,
    placeholder: "Any tag",
    hint: "Entries with at least one of these tags, separated by commas; press Enter to apply.",
    every: false,
  }),
  tagFilter({
    key: "tagsAll",
    param: "tags-all",
    label: "All of these tags",
    place: 10,
    placeholder: "All of these tags",
    hint: "Entries with every one of these tags, separated by commas; press Enter to apply.",
    every: true,
  }),
] as const;

type Filter = (typeof WAITLIST_FILTERS)[number];

/** The name of a filter's field. */
export type WaitlistFilterKey = Filter["key"];

/** Each filter's value, when it narrows the list. */
export type WaitlistFilterValues = { [F in Filter as F["key"]]?: NonNullable<z.output<F["schema"]>> };

/** Each filter's schema under its field name (the shape of a request body's filters). */
export type WaitlistFilterShape = { [F in Filter as F["key"]]: F["schema"] };

/** Any one filter, for code that treats them all alike. */
export type AnyWaitlistFilter = WaitlistFilterDescriptor;

/** The filters, each seen as a plain descriptor (their values are all text). */
export const ANY_WAITLIST_FILTERS: readonly AnyWaitlistFilter[] = WAITLIST_FILTERS;

/** A filter's value in a request or view, if it narrows the list. */
export function filterValueOf(values: WaitlistFilterValues, descriptor: AnyWaitlistFilter): string | undefined {
  return valueOfFilter(values, descriptor);
}
