// Database lifecycle for Jest: every test file has its own database (see test/setup-env.ts).
import { forgetCachedWaitlistCount } from "@/lib/data/waitlist/signups";
import { closeDb, migrateDatabase, withSql } from "@/lib/db";

/** Call once per test file: migrates the file's database and drops it afterwards. */
export function prepareTestDatabase() {
  beforeAll(async () => {
    await migrateDatabase();
  });
  afterAll(async () => {
    const schema = process.env.DATABASE_SCHEMA;
    if (process.env.DATABASE_URL && schema?.startsWith("test_")) {
      await withSql((sql) => sql.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
    }
    await closeDb();
  });
}

/** Empties every application table. */
export async function resetDatabase(): Promise<void> {
  await withSql((sql) => sql.exec(`TRUNCATE "waitlist", "admin_users", "admin_sessions", "audit_log", "rate_limits", "email_outbox", "waitlist_tokens", "webhooks", "webhook_deliveries", "webhook_attempts" RESTART IDENTITY`));
  forgetCachedWaitlistCount();
}
