-- The list's source filter finds what a person types anywhere in a source ("reddit" finds www.reddit.com),
-- case-insensitively, like the search on name and email: a trigram index serves that contains-match at any
-- list size. It replaces the plain index on "source", which only served the exact match the filter no
-- longer makes (the overview reads its sources from waitlist_daily, not from this table).
CREATE INDEX "waitlist_source_trgm_idx" ON "waitlist" USING GIN ("source" gin_trgm_ops);
DROP INDEX "waitlist_source_idx";
