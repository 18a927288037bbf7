import "server-only";

import { BUSINESS_TYPE_OPTIONS, DIRECT_SOURCE } from "@/lib/validation/waitlist";
import type { WaitlistSort } from "@/lib/validation/waitlist-query";

/** A waitlist row as the admin list and the export read it (every column but the consent time). */
export interface WaitlistRow {
  id: number;
  name: string;
  email: string;
  businessType: string;
  employees: string;
  joinedAt: Date;
  confirmedAt: Date | null;
  status: string;
  invitedAt: Date | null;
  acceptedAt: Date | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrer: string | null;
}

/** What the admin list and the export can be narrowed by: a search, and filters on the entry's fields. */
export interface WaitlistFilter {
  q: string;
  confirmed?: "yes" | "no";
  status?: string;
  /** A business type's stored value. */
  type?: string;
  /** A team size's stored value. */
  size?: string;
  /** A source as the admin area names it (see sourceOf): a utm_source, a referring host, or "direct". */
  source?: string;
}

/** The columns of a WaitlistRow, optionally on a table alias. */
export function rowColumns(alias?: string): string {
  const prefix = alias ? `${alias}.` : "";
  return ["id", "name", "email", "businessType", "employees", "joinedAt", "confirmedAt", "status", "invitedAt", "acceptedAt", "utmSource", "utmMedium", "utmCampaign", "referrer"].map((column) => `${prefix}"${column}"`).join(", ");
}

/** Positional parameters for one statement: every value goes to the driver, never into the SQL text. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

// Each order is served by an index (joinedAt desc,id desc; name,id; read backwards for the reverse),
// and id breaks ties so pages and export batches never skip or repeat a row.
export const ORDER: Record<WaitlistSort, { key: "joinedAt" | "name"; direction: "ASC" | "DESC" }> = {
  joined_desc: { key: "joinedAt", direction: "DESC" },
  joined_asc: { key: "joinedAt", direction: "ASC" },
  name_asc: { key: "name", direction: "ASC" },
  name_desc: { key: "name", direction: "DESC" },
};

/** The ORDER BY list of a sort, optionally on a table alias. */
export function orderBy(sort: WaitlistSort, alias?: string): string {
  const { key, direction } = ORDER[sort];
  const prefix = alias ? `${alias}.` : "";
  return `${prefix}"${key}" ${direction}, ${prefix}"id" ${direction}`;
}

/** Escapes LIKE's wildcards (`%`, `_`) and its escape character, so user input matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
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
 * The search as a WHERE condition: a case-insensitive contains on name and email, or a business type
 * whose value or label contains it. Two spellings of the same test:
 * - "indexed": `ILIKE`, the operator the name and email trigram indexes serve;
 * - "scan": `lower(column) LIKE lower(pattern)`, which is what ILIKE computes (PostgreSQL lower-cases
 *   both sides in a multi-byte database) but about twice as fast to evaluate row by row, for plans that
 *   read rows without those indexes.
 */
export function searchCondition(search: string, params: Params, form: "indexed" | "scan" = "indexed"): string {
  if (!search) return "TRUE";
  const pattern = params.add(`%${escapeLike(search)}%`);
  const types = `"businessType" = ANY(${params.add(businessTypesMatching(search))}::text[])`;
  if (form === "scan") {
    return `(lower("name") LIKE lower(${pattern}) ESCAPE '\\' OR lower("email") LIKE lower(${pattern}) ESCAPE '\\' OR ${types})`;
  }
  return `("name" ILIKE ${pattern} ESCAPE '\\' OR "email" ILIKE ${pattern} ESCAPE '\\' OR ${types})`;
}

/** The search and every filter as one WHERE condition (see searchCondition for `form`). */
export function filterCondition(filter: WaitlistFilter, params: Params, form: "indexed" | "scan" = "indexed"): string {
  const conditions = [searchCondition(filter.q, params, form)];
  if (filter.confirmed === "yes") conditions.push(`"confirmedAt" IS NOT NULL`);
  if (filter.confirmed === "no") conditions.push(`"confirmedAt" IS NULL`);
  if (filter.status) conditions.push(`"status" = ${params.add(filter.status)}::text`);
  if (filter.type) conditions.push(`"businessType" = ${params.add(filter.type)}::text`);
  if (filter.size) conditions.push(`"employees" = ${params.add(filter.size)}::text`);
  if (filter.source) conditions.push(`COALESCE("utmSource", "referrer", '${DIRECT_SOURCE}') = ${params.add(filter.source)}::text`);
  return conditions.join(" AND ");
}

/** True when a filter narrows the list at all. */
export function isFiltered(filter: WaitlistFilter): boolean {
  return filter.q !== "" || !!filter.confirmed || !!filter.status || !!filter.type || !!filter.size || !!filter.source;
}
