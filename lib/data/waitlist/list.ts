import "server-only";

import { assertVerifiedAdmin, auditActorOf, type VerifiedAdmin } from "@/lib/auth/verified";
import { recordViewHourly } from "@/lib/data/audit";
import type { WaitlistRow } from "@/lib/data/waitlist/columns";
import { countAllEntries } from "@/lib/data/waitlist/held";
import { findSearchPage } from "@/lib/data/waitlist/search";
import { orderBy, ROW_COLUMNS, ROW_JOINS } from "@/lib/data/waitlist/sql";
import { getDb } from "@/lib/db";
import {
  isFiltered,
  waitlistFilterOf,
  type WaitlistListQuery,
  type WaitlistSort,
} from "@/lib/validation/waitlist-query";

/** One page of the admin list. `total` is exact when `totalIsExact`, else a lower bound (broad searches). */
export interface AdminWaitlistPage {
  entries: WaitlistRow[];
  total: number;
  totalIsExact: boolean;
  page: number;
  pageSize: number;
}

/**
 * Beyond the current page, a search counts at most this many further matches. An exact count of a broad
 * search ("gmail", "valeting") over a million rows reads every match; capped, it costs next to nothing,
 * and the page says "more than 1,000" instead.
 */
export const SEARCH_COUNT_LIMIT = 1_000;

function readPage(sort: WaitlistSort, limit: number, offset: number): Promise<WaitlistRow[]> {
  // A "late row lookup": the inner query pages over the narrow sort index (index-only), and only the
  // rows of this page are fetched whole. Deep pages stay cheap at a million rows.
  return getDb().$queryRaw<WaitlistRow[]>`
    SELECT ${ROW_COLUMNS}
     FROM "waitlist" AS w
     JOIN (
       SELECT "id" FROM "waitlist" ORDER BY ${orderBy(sort)}
       LIMIT ${limit}::int OFFSET ${offset}::int
     ) AS page ON page."id" = w."id"
     ${ROW_JOINS}
     ORDER BY ${orderBy(sort, "w")}`;
}

// Without a search the total comes from the trigger-kept counter: exact, and constant time.
async function unsearchedPage(sort: WaitlistSort, limit: number, offset: number) {
  // The list shows held signups too (marked), which the public count leaves out.
  const [rows, { counted, held }] = await Promise.all([readPage(sort, limit, offset), countAllEntries()]);
  return { rows, counted: counted + held };
}

/**
 * One page of waitlist entries for the admin list, searched case-insensitively on name, email and
 * business type (value or label), in the requested order, with the total number of matches (see
 * findSearchPage for how a search stays fast at any number of matches).
 */
export async function listWaitlistEntries(actor: VerifiedAdmin, query: WaitlistListQuery): Promise<AdminWaitlistPage> {
  assertVerifiedAdmin(actor);
  const { page, pageSize, sort } = query;
  const filter = waitlistFilterOf(query);
  const offset = (page - 1) * pageSize;
  const cap = offset + SEARCH_COUNT_LIMIT + 1;
  const [{ rows, counted }] = await Promise.all([
    isFiltered(filter) ? findSearchPage(filter, sort, pageSize, offset, cap) : unsearchedPage(sort, pageSize, offset),
    recordViewHourly(getDb(), auditActorOf(actor), "waitlist.view"),
  ]);
  const totalIsExact = !isFiltered(filter) || counted < cap;
  return {
    entries: rows,
    total: totalIsExact ? counted : cap - 1,
    totalIsExact,
    page,
    pageSize,
  };
}
