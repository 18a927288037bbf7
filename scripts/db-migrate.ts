// Applies prisma/migrations to DATABASE_URL (or the embedded database) and records them the way
// `prisma migrate deploy` does. The deploy step: `npm run db:migrate`.
import { applyLineSettings } from "@/lib/data/waitlist/line";
import { closeDb, databaseKind, migrateDatabase } from "@/lib/db";
import { EnvError } from "@/lib/env";

async function main() {
  const applied = await migrateDatabase();
  const target = databaseKind() === "embedded" ? "the embedded database" : "PostgreSQL";
  console.log(applied.length ? `Applied to ${target}: ${applied.join(", ")}` : `${target}: already up to date.`);
  // The line's rule follows the deploy's REFERRAL_* here, once, rather than on some visitor's request: a
  // changed rule works every confirmed entry's key out again, which is the deploy's work to wait for.
  if (await applyLineSettings())
    console.log("The line's rule changed with REFERRAL_*: every place follows the new one.");
}

main()
  .catch((error: unknown) => {
    console.error(
      error instanceof EnvError
        ? error.message
        : `Migration failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exitCode = 1;
  })
  .finally(() => closeDb());
