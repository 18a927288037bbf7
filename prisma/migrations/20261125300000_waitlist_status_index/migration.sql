-- The list filtered to invited or accepted entries: the team lets people in oldest first, so those rows sit
-- at the far end of the newest-first order, and finding a page of them by walking that order would read
-- most of the table. Only entries past "waiting" are in this index, so a signup (always "waiting") never
-- writes to it.
CREATE INDEX "waitlist_status_joined_idx" ON "waitlist" ("status", "joinedAt" DESC, "id" DESC) WHERE "status" <> 'waiting';
