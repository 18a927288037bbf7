import "server-only";

import { filterConditions } from "@/lib/data/list-filters";
import { ANY_WAITLIST_COLUMNS, type WaitlistColumn } from "@/lib/data/waitlist/columns";
import { Prisma } from "@/lib/generated/prisma/client";
import { escapeLike } from "@/lib/validation/list-filters";
import { BUSINESS_TYPE_OPTIONS } from "@/lib/validation/waitlist";
import { ANY_WAITLIST_FILTERS, filterValueOf } from "@/lib/validation/waitlist-filters";
import type { WaitlistFilter, WaitlistSort } from "@/lib/validation/waitlist-query";

/**
 * The "lineOrder" of every entry with no place in line (unconfirmed, invited or accepted): the largest
 * bigint, so they follow the line when sorted by place (the line_order migration). SQL names it as
 * "waitlist_no_place"() (prisma/sql/functions/waitlist_line.sql); lib/db/sql-map.test.ts checks they agree.
 */
export const NO_PLACE = 9223372036854775807n;

/** The FROM items that some of `columns` read besides the entry's row (see WaitlistColumn's `join`), once each. */
export function columnJoins(columns: readonly WaitlistColumn[]): Prisma.Sql {
  return Prisma.raw([...new Set(columns.flatMap((descriptor) => descriptor.join ?? []))].join("\n"));
}

/**
 * A WaitlistRow's SELECT list: every column's expression under its key, on the entry's row `w` ("waitlist" AS w).
 * The statement joins ROW_JOINS after `w`.
 */
export const ROW_COLUMNS = Prisma.raw(
  ANY_WAITLIST_COLUMNS.map((descriptor) => `${descriptor.sql} AS "${descriptor.key}"`).join(", "),
);

/** The FROM items ROW_COLUMNS reads besides `w`. */
export const ROW_JOINS = columnJoins(ANY_WAITLIST_COLUMNS);

// Each order is served by an index (joinedAt desc,id desc; name,id; lineOrder,id; read backwards for the
// reverse), and id breaks ties so pages and export batches never skip or repeat a row.
// `type` is the key's SQL type, for comparing a row against a key read back as text (the export's batches).
export const ORDER: Record<
  WaitlistSort,
  { key: "joinedAt" | "name" | "lineOrder"; type: "timestamptz" | "text" | "bigint"; direction: "ASC" | "DESC" }
> = {
  joined_desc: { key: "joinedAt", type: "timestamptz", direction: "DESC" },
  joined_asc: { key: "joinedAt", type: "timestamptz", direction: "ASC" },
  name_asc: { key: "name", type: "text", direction: "ASC" },
  name_desc: { key: "name", type: "text", direction: "DESC" },
  place_asc: { key: "lineOrder", type: "bigint", direction: "ASC" },
  place_desc: { key: "lineOrder", type: "bigint", direction: "DESC" },
};

/** The ORDER BY list of a sort, optionally on a table alias. */
export function orderBy(sort: WaitlistSort, alias?: string): Prisma.Sql {
  const { key, direction } = ORDER[sort];
  const prefix = alias ? `${alias}.` : "";
  return Prisma.raw(`${prefix}"${key}" ${direction}, ${prefix}"id" ${direction}`);
}

/** The column a sort orders by, as SQL. */
export function orderKey(sort: WaitlistSort): Prisma.Sql {
  return Prisma.raw(`"${ORDER[sort].key}"`);
}

/**
 * The stored business types whose value or label contains the search text (case-insensitive). Matching
 * the labels here lets "valeting" find "car" while the database compares with a plain indexed `= ANY`.
 */
export function businessTypesMatching(search: string): string[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [];
  return BUSINESS_TYPE_OPTIONS.filter(
    (option) => option.value.toLowerCase().includes(needle) || option.label.toLowerCase().includes(needle),
  ).map((option) => option.value);
}

/**
 * Whether the trigram indexes can narrow a search: pg_trgm takes its trigrams from runs of letters and
 * digits, so a search without three in a row ("zq", "s.1") gives the index nothing to look up, and a
 * bitmap scan of it would read the whole index.
 */
export function trigramsCanNarrow(search: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(search);
}

/**
 * Whether a trigram index can narrow the search or filters: the search's on name and email, or the source
 * filter's (a contains-match on the source, like the search).
 */
export function filterCanNarrowByTrigram(filter: WaitlistFilter): boolean {
  return trigramsCanNarrow(filter.q) || (filter.source !== undefined && trigramsCanNarrow(filter.source));
}

/**
 * How a condition is spelled for the plan that reads it:
 * - "indexed": `ILIKE`, the operator the name and email trigram indexes serve;
 * - "scan": `lower(column) LIKE lower(pattern)`, which is what ILIKE computes (PostgreSQL lower-cases
 *   both sides in a multi-byte database) but faster to evaluate row by row, for plans that
 *   read rows without those indexes;
 * - "walk": as "scan", for a condition worked out on each row of a bounded walk down the list's order, where
 *   a filter on another table must be a lookup per row read (see the tag filters' `where`).
 */
export type ConditionForm = "indexed" | "scan" | "walk";

/**
 * The search as a WHERE condition: a case-insensitive contains on name and email, or a business type
 * whose value or label contains it (see ConditionForm for `form`).
 */
export function searchCondition(search: string, form: ConditionForm = "indexed"): Prisma.Sql {
  if (!search) return Prisma.sql`TRUE`;
  const pattern = `%${escapeLike(search)}%`;
  const types = Prisma.sql`"businessType" = ANY(${businessTypesMatching(search)}::text[])`;
  if (form !== "indexed") {
    return Prisma.sql`(lower("name") LIKE lower(${pattern}) ESCAPE '\\' OR lower("email") LIKE lower(${pattern}) ESCAPE '\\' OR ${types})`;
  }
  return Prisma.sql`("name" ILIKE ${pattern} ESCAPE '\\' OR "email" ILIKE ${pattern} ESCAPE '\\' OR ${types})`;
}

/** The search and every filter as one WHERE condition (see searchCondition for `form`). */
export function filterCondition(filter: WaitlistFilter, form: ConditionForm = "indexed"): Prisma.Sql {
  const conditions = [
    searchCondition(filter.q, form),
    ...filterConditions(ANY_WAITLIST_FILTERS, filter, { perRow: form === "walk" }),
  ];
  return Prisma.join(conditions, " AND ");
}

/**
 * The filters as one WHERE condition on "waitlist_segment_counts" (the database's sums by the fixed-choice
 * filters), or null when a search or a filter those sums cannot tell (see the descriptors' `counted`) is set.
 */
export function countedCondition(filter: WaitlistFilter): Prisma.Sql | null {
  if (filter.q) return null;
  const conditions = [Prisma.sql`TRUE`];
  for (const descriptor of ANY_WAITLIST_FILTERS) {
    const value = filterValueOf(filter, descriptor);
    if (value === undefined) continue;
    if (!descriptor.counted) return null;
    conditions.push(descriptor.counted(value, Prisma.sql));
  }
  return Prisma.join(conditions, " AND ");
}
