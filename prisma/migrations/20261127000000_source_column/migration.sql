-- A signup's source (its utm_source, else its referring host, else 'direct') as one column the database
-- keeps, rather than the same COALESCE written out in the list's filter, the overview's sums, the webhook
-- events and the signup alert. Stored, so the list's source filter can use an index; 'direct' is
-- DIRECT_SOURCE in lib/validation/waitlist.ts. Nothing writes it: PostgreSQL refuses a value for it.
-- Adding it rewrites the table once, under a lock that holds signups back for the length of the rewrite.
ALTER TABLE "waitlist" ADD COLUMN "source" TEXT NOT NULL GENERATED ALWAYS AS (COALESCE("utmSource", "referrer", 'direct')) STORED;

-- The list filtered by source, like the filter by business type.
CREATE INDEX "waitlist_source_idx" ON "waitlist"("source");

-- The functions that read the source now read this column: their bodies are in prisma/sql/functions,
-- which the migration runner applies after every run of migrations.
