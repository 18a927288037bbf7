-- Each admin's own choice of the waiting list's columns: those they hid (lib/data/list-columns.ts). Empty shows
-- every column, so a column added later shows until its admin hides it.
-- AlterTable
ALTER TABLE "admin_users" ADD COLUMN "hiddenListColumns" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];
