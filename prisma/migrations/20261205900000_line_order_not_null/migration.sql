-- "lineOrder" is generated from values that always give a number (the largest bigint for an entry with no
-- place), so it is never null; schema.prisma has always said so. Saying it in the table too keeps the two alike.
ALTER TABLE "waitlist" ALTER COLUMN "lineOrder" SET NOT NULL;
