-- The landing page's live demo ("Try it with your own words", lib/try-otto): no conversation is stored, only one
-- row of sums per UTC day. Money is in billionths of a US dollar, so sums are exact. "reservedNanos" is the
-- worst case of the calls under way: a call is made only after an UPDATE that keeps spent + reserved within the
-- day's budget has reserved it, and settling moves its reservation to "spentNanos" at its real cost.
-- CreateTable
CREATE TABLE "try_otto_days" (
    "day" DATE NOT NULL,
    "conversations" INTEGER NOT NULL DEFAULT 0,
    "calls" INTEGER NOT NULL DEFAULT 0,
    "inputTokens" BIGINT NOT NULL DEFAULT 0,
    "outputTokens" BIGINT NOT NULL DEFAULT 0,
    "reservedNanos" BIGINT NOT NULL DEFAULT 0,
    "spentNanos" BIGINT NOT NULL DEFAULT 0,
    "refusedProof" INTEGER NOT NULL DEFAULT 0,
    "refusedNetwork" INTEGER NOT NULL DEFAULT 0,
    "refusedBudget" INTEGER NOT NULL DEFAULT 0,
    "failedCalls" INTEGER NOT NULL DEFAULT 0,
    "offTopic" INTEGER NOT NULL DEFAULT 0,
    "cardsQuote" INTEGER NOT NULL DEFAULT 0,
    "cardsInvoice" INTEGER NOT NULL DEFAULT 0,
    "cardsBooking" INTEGER NOT NULL DEFAULT 0,
    "cardsReminder" INTEGER NOT NULL DEFAULT 0,
    "cardsCustomer" INTEGER NOT NULL DEFAULT 0,
    "cardsJobs" INTEGER NOT NULL DEFAULT 0,
    "alertedAt" TIMESTAMPTZ(3),

    CONSTRAINT "try_otto_days_pkey" PRIMARY KEY ("day"),
    CONSTRAINT "try_otto_days_money_check" CHECK ("reservedNanos" >= 0 AND "spentNanos" >= 0)
);

-- The owner's kill switch, besides TRY_OTTO=off.
-- AlterTable
ALTER TABLE "site_settings" ADD COLUMN "tryOttoEnabled" BOOLEAN NOT NULL DEFAULT true;
