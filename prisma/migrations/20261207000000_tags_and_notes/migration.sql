-- Tags and notes on waiting-list entries (lib/data/waitlist/tags.ts, lib/data/waitlist/notes.ts).

-- An entry's tags, one row each, in a table of their own: tagging ten thousand entries writes here only, so
-- the triggers on "waitlist" (its counters, daily sums, line ranges and webhook events) never run for a tag.
-- Tags are kept lower-cased (the owner's "London" and "london" are one tag). They go with their entry.
-- CreateTable
CREATE TABLE "waitlist_tags" (
    "entryId" INTEGER NOT NULL,
    "tag" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "waitlist_tags_pkey" PRIMARY KEY ("entryId","tag"),
    CONSTRAINT "waitlist_tags_tag_check" CHECK ("tag" = lower("tag") AND char_length("tag") BETWEEN 1 AND 40),
    CONSTRAINT "waitlist_tags_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "waitlist"("id") ON DELETE CASCADE
);

-- The entries with a tag: the tag filter, and the list of tags in use.
-- CreateIndex
CREATE INDEX "waitlist_tags_tag_entryId_idx" ON "waitlist_tags"("tag", "entryId");

-- The team's notes on an entry: who wrote them (the email stays when the admin is later removed) and when.
-- They go with their entry.
-- CreateTable
CREATE TABLE "waitlist_notes" (
    "id" SERIAL NOT NULL,
    "entryId" INTEGER NOT NULL,
    "authorId" INTEGER,
    "authorEmail" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3),

    CONSTRAINT "waitlist_notes_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "waitlist_notes_body_check" CHECK (char_length("body") BETWEEN 1 AND 2000),
    CONSTRAINT "waitlist_notes_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "waitlist"("id") ON DELETE CASCADE,
    CONSTRAINT "waitlist_notes_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "admin_users"("id") ON DELETE SET NULL
);

-- CreateIndex
CREATE INDEX "waitlist_notes_entryId_id_idx" ON "waitlist_notes"("entryId", "id");

-- Tag events go to a webhook only when the owner ticks them for it in Settings: a bulk tag of thousands would
-- otherwise flood a receiver that never asked.
-- AlterTable
ALTER TABLE "webhooks" ADD COLUMN "tagEvents" BOOLEAN NOT NULL DEFAULT false;
