import "server-only";

import { siteConfig } from "@/config/site";
import { assertVerifiedAdmin, type VerifiedAdmin } from "@/lib/auth/verified";
import { getDb } from "@/lib/db";
import {
  TRY_OTTO_ALERT_SHARE,
  tryOttoBudgetSubject,
  type TryOttoBudgetPayload,
} from "@/lib/email/kinds/try-otto-budget";
import { outboxInsertSql } from "@/lib/email/outbox-insert";
import { Prisma } from "@/lib/generated/prisma/client";
import type { TryOttoCardKind } from "@/lib/validation/try-otto";

// The live demo's daily sums (try_otto_days). Nothing a visitor typed is ever written: only counts, tokens, money
// (billionths of a dollar), which gate refused and which card kinds were shown.

/** The gates that can refuse a live answer before any call, by the column that counts them. */
const REFUSAL_COLUMNS = {
  proof: "refusedProof",
  network: "refusedNetwork",
  budget: "refusedBudget",
} as const;
export type TryOttoGate = keyof typeof REFUSAL_COLUMNS;

const CARD_COLUMNS: Record<TryOttoCardKind, string> = {
  quote: "cardsQuote",
  invoice: "cardsInvoice",
  booking: "cardsBooking",
  reminder: "cardsReminder",
  customer: "cardsCustomer",
  jobs: "cardsJobs",
};

/** The UTC day of a moment, as the table keys it (YYYY-MM-DD). */
export function tryOttoDay(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Reserves a call's worst-case cost against the day's budget, in one statement: the row is written only while
 * spent + reserved + this cost stays within the budget, so concurrent requests on any number of servers can
 * never reserve past it. True when reserved (the caller must settle it, whatever happens to the call).
 */
export async function reserveTryOttoBudget(day: string, costNanos: number, budgetNanos: number): Promise<boolean> {
  const rows = await getDb().$queryRaw<{ day: Date }[]>`
    INSERT INTO "try_otto_days" ("day", "reservedNanos", "calls")
    SELECT ${day}::date, ${costNanos}::bigint, 1 WHERE ${costNanos}::bigint <= ${budgetNanos}::bigint
    ON CONFLICT ("day") DO UPDATE SET
      "reservedNanos" = "try_otto_days"."reservedNanos" + EXCLUDED."reservedNanos",
      "calls" = "try_otto_days"."calls" + 1
    WHERE "try_otto_days"."spentNanos" + "try_otto_days"."reservedNanos" + EXCLUDED."reservedNanos" <= ${budgetNanos}::bigint
    RETURNING "day"`;
  return rows.length === 1;
}

export interface TryOttoSettlement {
  /** What was reserved for the call. */
  reservedNanos: number;
  /** What it really cost (its reported usage at the model's price; the reservation when unknown). */
  costNanos: number;
  inputTokens: number;
  outputTokens: number;
  /** A new conversation's first call. */
  newConversation: boolean;
  failed: boolean;
  offTopic: boolean;
  card: TryOttoCardKind | null;
}

/**
 * Settles a reserved call: its reservation goes, its real cost is spent, and what it showed is counted. Returns
 * the day's spend after it.
 */
export async function settleTryOttoCall(day: string, settlement: TryOttoSettlement): Promise<{ spentNanos: bigint }> {
  const { reservedNanos, costNanos, inputTokens, outputTokens } = settlement;
  const card = settlement.card
    ? Prisma.sql`, ${Prisma.raw(`"${CARD_COLUMNS[settlement.card]}" = "${CARD_COLUMNS[settlement.card]}" + 1`)}`
    : Prisma.empty;
  const rows = await getDb().$queryRaw<{ spentNanos: bigint }[]>`
    UPDATE "try_otto_days" SET
      "reservedNanos" = GREATEST(0, "reservedNanos" - ${reservedNanos}::bigint),
      "spentNanos" = "spentNanos" + ${costNanos}::bigint,
      "inputTokens" = "inputTokens" + ${inputTokens}::bigint,
      "outputTokens" = "outputTokens" + ${outputTokens}::bigint,
      "conversations" = "conversations" + ${settlement.newConversation ? 1 : 0},
      "failedCalls" = "failedCalls" + ${settlement.failed ? 1 : 0},
      "offTopic" = "offTopic" + ${settlement.offTopic ? 1 : 0}
      ${card}
    WHERE "day" = ${day}::date
    RETURNING "spentNanos"`;
  return { spentNanos: rows[0]?.spentNanos ?? BigInt(0) };
}

/** Counts a request a gate refused before any call. */
export async function countTryOttoRefusal(day: string, gate: TryOttoGate): Promise<void> {
  const column = Prisma.raw(`"${REFUSAL_COLUMNS[gate]}"`);
  await getDb().$executeRaw`
    INSERT INTO "try_otto_days" ("day", ${column}) VALUES (${day}::date, 1)
    ON CONFLICT ("day") DO UPDATE SET ${column} = "try_otto_days".${column} + 1`;
}

const dollars = (nanos: bigint | number) => `$${(Number(nanos) / 1e9).toFixed(2)}`;

/**
 * Queues "80% of today's budget spent" to each active full admin, once a UTC day: the day's row is claimed
 * (alertedAt) in the statement that checks the share, in the same transaction as the emails, so two servers
 * settling at once queue one alert. Returns the outbox ids (none when not due or already sent).
 */
export async function queueTryOttoBudgetAlert(day: string, budgetNanos: number, now = new Date()): Promise<number[]> {
  const threshold = BigInt(Math.ceil(budgetNanos * TRY_OTTO_ALERT_SHARE));
  return getDb().$transaction(async (tx) => {
    const claimed = await tx.$queryRaw<{ spent: bigint }[]>`
      UPDATE "try_otto_days" SET "alertedAt" = ${now}
      WHERE "day" = ${day}::date AND "alertedAt" IS NULL AND "spentNanos" >= ${threshold}::bigint
      RETURNING "spentNanos" AS "spent"`;
    if (claimed.length === 0) return [];
    const payload: TryOttoBudgetPayload = { day, spent: dollars(claimed[0]!.spent), budget: dollars(budgetNanos) };
    const rows = await tx.$queryRaw<{ id: number }[]>`
      ${outboxInsertSql(
        "try-otto-budget",
        Prisma.sql`SELECT NULL::int AS "entryId", a."email" AS "to",
          ${tryOttoBudgetSubject(siteConfig.name)}::text AS "subject",
          ${JSON.stringify(payload)}::jsonb AS "payload"
          FROM "admin_users" AS a WHERE a."isActive" AND a."role" = 'admin'`,
        { now },
      )}
      RETURNING "id"`;
    return rows.map((row) => row.id);
  });
}

/** Whether the owner left the live demo on in Settings (on when the settings row was never written). */
export async function tryOttoSwitchedOn(): Promise<boolean> {
  const row = await getDb().siteSettings.findUnique({ where: { id: 1 }, select: { tryOttoEnabled: true } });
  return row?.tryOttoEnabled ?? true;
}

/** The live demo's figures for the owner's overview: today's spend against the budget, and the range's sums. */
export interface TryOttoOverview {
  today: { conversations: number; spentNanos: number; reservedNanos: number };
  range: {
    conversations: number;
    calls: number;
    spentNanos: number;
    refusals: Record<TryOttoGate, number>;
    failed: number;
    offTopic: number;
    cards: Record<TryOttoCardKind, number>;
  };
}

/** The live demo's overview figures, for an admin (a few rows: one a day). */
export async function tryOttoOverview(
  actor: VerifiedAdmin,
  bounds: { start: string | null; today: string },
): Promise<TryOttoOverview> {
  assertVerifiedAdmin(actor);
  const [row] = await getDb().$queryRaw<Record<string, bigint | null>[]>`
    SELECT
      sum("conversations") FILTER (WHERE "day" = ${bounds.today}::date) AS "todayConversations",
      sum("spentNanos") FILTER (WHERE "day" = ${bounds.today}::date) AS "todaySpent",
      sum("reservedNanos") FILTER (WHERE "day" = ${bounds.today}::date) AS "todayReserved",
      sum("conversations") AS "conversations", sum("calls") AS "calls", sum("spentNanos") AS "spent",
      sum("refusedProof") AS "proof", sum("refusedNetwork") AS "network", sum("refusedBudget") AS "budget",
      sum("failedCalls") AS "failed", sum("offTopic") AS "offTopic",
      sum("cardsQuote") AS "quote", sum("cardsInvoice") AS "invoice", sum("cardsBooking") AS "booking",
      sum("cardsReminder") AS "reminder", sum("cardsCustomer") AS "customer", sum("cardsJobs") AS "jobs"
    FROM "try_otto_days"
    WHERE (${bounds.start}::date IS NULL OR "day" >= ${bounds.start}::date) AND "day" <= ${bounds.today}::date`;
  const n = (key: string) => Number(row?.[key] ?? 0);
  return {
    today: { conversations: n("todayConversations"), spentNanos: n("todaySpent"), reservedNanos: n("todayReserved") },
    range: {
      conversations: n("conversations"),
      calls: n("calls"),
      spentNanos: n("spent"),
      refusals: { proof: n("proof"), network: n("network"), budget: n("budget") },
      failed: n("failed"),
      offTopic: n("offTopic"),
      cards: {
        quote: n("quote"),
        invoice: n("invoice"),
        booking: n("booking"),
        reminder: n("reminder"),
        customer: n("customer"),
        jobs: n("jobs"),
      },
    },
  };
}
