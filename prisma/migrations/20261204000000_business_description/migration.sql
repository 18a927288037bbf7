-- "What kind of business?": what a visitor who chose the business type "other" says their business is, in
-- their own words (optional, so nullable; the form and the import keep it for "other" only).

-- AlterTable
ALTER TABLE "waitlist" ADD COLUMN "businessDescription" TEXT;

-- A signup now carries the description: waitlist_queue_confirmation gains an argument. Every older form of
-- it goes (a database migrated through earlier changes of its arguments can still hold several), and the
-- one current form is created from prisma/sql/functions/waitlist_queue_confirmation.sql in the same
-- transaction, so no call can reach a form that would drop the description.
DO $$
DECLARE
  f regprocedure;
BEGIN
  FOR f IN
    SELECT p.oid::regprocedure FROM pg_proc AS p
    WHERE p.proname = 'waitlist_queue_confirmation' AND p.pronamespace = current_schema()::regnamespace
  LOOP
    EXECUTE 'DROP FUNCTION ' || f::text;
  END LOOP;
END $$;
