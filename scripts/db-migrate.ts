// Applies prisma/migrations to DATABASE_URL (or the embedded database) and records them the way
// `prisma migrate deploy` does. The deploy step: `npm run db:migrate`.
import { closeDb, databaseKind, migrateDatabase } from "@/lib/db";
import { EnvError } from "@/lib/env";

async function main() {
  const applied = await migrateDatabase();
  const target = databaseKind() === "embedded" ? "the embedded database" : "PostgreSQL";
  console.log(applied.length ? `Applied to ${target}: ${applied.join(", ")}` : `${target}: already up to date.`);
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
