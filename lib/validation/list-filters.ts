import type { Prisma } from "@/lib/generated/prisma/client";
import { blankAsUnset, z } from "@/lib/validation/zod";

// What every admin list's filters share (the waiting list's, the Emails page's): a filter is one descriptor, and
// its URL parameter, its schema, its SQL and its control all follow from it.

/**
 * Prisma's `sql` tag. The server hands it to each filter's condition, so a descriptors module, which an admin
 * page's controls may also load in the browser, carries no database code.
 */
export type SqlTag = typeof Prisma.sql;

/** A filter offered as a drop-down of fixed choices, with "any" first. */
export interface SelectControl {
  kind: "select";
  /** Where the control sits among the filters, left to right. */
  place: number;
  /** A less-used filter, folded behind "More filters" unless it is set. */
  more?: boolean;
  /** The first choice, which leaves the list unfiltered. */
  any: string;
  options: readonly { value: string; label: string }[];
}

/** A filter typed as text: it applies on Enter or on leaving the field. */
export interface TextControl {
  kind: "text";
  /** Where the control sits among the filters, left to right. */
  place: number;
  /** A less-used filter, folded behind "More filters" unless it is set. */
  more?: boolean;
  placeholder: string;
  /** Said to screen readers beside the field. */
  hint: string;
  maxLength: number;
  /** What applying the text would make of it, so typing that already means the URL's value is kept. */
  normalise: (text: string) => string;
  /** The browser offers the sources signups have come from as the field is typed. */
  suggestsKnownSources?: boolean;
  /** The browser offers the tags in use as the field is typed. */
  suggestsKnownTags?: boolean;
}

/** A filter's value as its schema reads it; blank means the list is not narrowed by it. */
export type FilterValueSchema = z.ZodType<string | undefined, unknown>;

/** One way an admin list can be narrowed. */
export interface ListFilterDescriptor<
  Key extends string = string,
  Schema extends FilterValueSchema = FilterValueSchema,
> {
  /** The filter's field in requests and in the page's state. */
  key: Key;
  /** Its name in the page's address and in the API's URLs. */
  param: string;
  /** What the admin area calls it. */
  label: string;
  /** Reads one value, from a URL or a request body; blank is "not filtered". */
  schema: Schema;
  /**
   * The rows a value keeps, as a WHERE condition on the list's table (`sql`: see SqlTag). `perRow`: the condition is
   * worked out on each row of a bounded walk down the list's order, so a lookup in another table must stay one
   * per row read, never a hash of every match built first.
   */
  where(value: NonNullable<z.output<Schema>>, sql: SqlTag, options?: { perRow?: boolean }): Prisma.Sql;
  control: SelectControl | TextControl;
}

/** Keeps each descriptor's own key and value types, so requests and a page's state are typed per filter. */
export const listFilter = <const Key extends string, Schema extends FilterValueSchema>(
  descriptor: ListFilterDescriptor<Key, Schema>,
) => descriptor;

/** Escapes LIKE's wildcards (`%`, `_`) and its escape character, so typed text matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A fixed set of values, offered as a drop-down. */
export const choice = <Value extends string>(values: readonly [Value, ...Value[]], message: string) =>
  z.preprocess(blankAsUnset, z.enum(values, { error: message }).optional());

/** The rows whose `column` holds the value. */
export const columnIs =
  (column: string) =>
  (value: string, sql: SqlTag): Prisma.Sql =>
    sql([`"${column}" = `, "::text"], value);

/** The rows whose `column` contains the text, case-insensitively (a trigram index can serve it). */
export const columnContains =
  (column: string) =>
  (value: string, sql: SqlTag): Prisma.Sql =>
    sql([`"${column}" ILIKE `, ` ESCAPE '\\'`], `%${escapeLike(value)}%`);

/** A filter's value in a request or view, if it narrows the list. */
export function valueOfFilter(values: object, descriptor: ListFilterDescriptor): string | undefined {
  return (values as Record<string, string | undefined>)[descriptor.key] || undefined;
}

/**
 * Reads a page's filters from its URL leniently: each value a filter cannot use is left out (the list is shown as
 * if it were not set) and its filter's message is kept in `refused`, for the page to say beside its control rather
 * than silently listing everything.
 */
export function readFiltersFromUrl(
  descriptors: readonly ListFilterDescriptor[],
  params: Pick<URLSearchParams, "get">,
): { values: Record<string, string | undefined>; refused: Record<string, string> } {
  const values: Record<string, string | undefined> = {};
  const refused: Record<string, string> = {};
  for (const descriptor of descriptors) {
    const value = descriptor.schema.safeParse(params.get(descriptor.param) ?? undefined);
    values[descriptor.key] = value.success ? value.data : undefined;
    if (!value.success)
      refused[descriptor.key] = value.error.issues[0]?.message ?? `${descriptor.label} cannot use that.`;
  }
  return { values, refused };
}

/** Each filter that narrows the list, under its URL parameter (for a page's links, which keep its filters). */
export function filterUrlParams(descriptors: readonly ListFilterDescriptor[], values: object): [string, string][] {
  return descriptors.flatMap((descriptor) => {
    const value = valueOfFilter(values, descriptor);
    return value ? [[descriptor.param, value] as [string, string]] : [];
  });
}
