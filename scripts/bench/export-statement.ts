// Prints the waitlist export's COPY statement for the whole list in its default order, so the admin-waitlist
// bench can give psql the very query the export runs.
import { escapeLiteral } from "pg";

import { waitlistCopyStatement } from "@/lib/data/waitlist/export";
import { waitlistExportQuerySchema } from "@/lib/validation/waitlist-query";

process.stdout.write(waitlistCopyStatement(waitlistExportQuerySchema.parse({}), escapeLiteral));
