-- The place by key and number was kept only while code from before the line_order migration could still be
-- serving during a deploy; every deployment since reads a place from "lineOrder".
DROP FUNCTION IF EXISTS "waitlist_place"(bigint, bigint);
