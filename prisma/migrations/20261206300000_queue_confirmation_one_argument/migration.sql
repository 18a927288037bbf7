-- waitlist_queue_confirmation now takes one JSON argument (prisma/sql/functions/waitlist_queue_confirmation.sql),
-- so a new field never changes its signature again. Every older form of it goes, the positional one of the
-- last deploy included, and the one current form is created from that file in the same transaction, so no
-- call can reach a form that would leave a field out.
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
