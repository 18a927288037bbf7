// Database lifecycle for Jest: every test file has its own database (see test/setup-env.ts).
import { forgetCachedPlaces } from "@/lib/data/waitlist/line";
import { forgetCachedWaitlistCount } from "@/lib/data/waitlist/signups";
import { closeDb, migrateDatabase, withSql } from "@/lib/db";

/** The tables resetDatabase empties, read from the file's database once it is migrated. */
let emptiedTables: Promise<string[]> | undefined;

/**
 * The schema's tables that the migrations leave empty: every table a test can fill. Prisma's bookkeeping of
 * applied migrations stays, and so do the tables a migration fills, such as the waiting list counter's slots,
 * which the waiting list's own TRUNCATE trigger sets back to zero.
 */
function tablesLeftEmptyByMigrations(): Promise<string[]> {
  return withSql(async (sql) => {
    const tables = await sql.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
       WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'
       ORDER BY table_name`,
    );
    const empty: string[] = [];
    for (const { name } of tables) {
      const [row] = await sql.query<{ filled: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${quoted(name)}) AS filled`);
      if (!row?.filled) empty.push(name);
    }
    return empty;
  });
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Call once per test file: migrates the file's database and drops it afterwards. */
export function prepareTestDatabase() {
  beforeAll(async () => {
    await migrateDatabase();
    emptiedTables = tablesLeftEmptyByMigrations();
    await emptiedTables;
  });
  afterAll(async () => {
    const schema = process.env.DATABASE_SCHEMA;
    if (process.env.DATABASE_URL && schema?.startsWith("test_")) {
      await withSql((sql) => sql.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
    }
    await closeDb();
  });
}

/**
 * Empties every table the application fills, as the migrations left them. One table a statement: the waiting
 * list's TRUNCATE trigger empties the overview's sums itself, which it cannot do while the same statement has
 * them open. CASCADE takes the rows that refer to a table along with it (they are emptied anyway).
 */
export async function resetDatabase(): Promise<void> {
  const tables = await (emptiedTables ??= tablesLeftEmptyByMigrations());
  await withSql((sql) =>
    sql.exec(tables.map((table) => `TRUNCATE ${quoted(table)} RESTART IDENTITY CASCADE;`).join("\n")),
  );
  forgetCachedWaitlistCount();
  forgetCachedPlaces();
}
