import { createHash } from "node:crypto";

import { databaseKind, migrateDatabase, withSql } from "@/lib/db";
import { readMigrations } from "@/lib/db/migrate";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

const columnsOf = (table: string) =>
  withSql((sql) =>
    sql.query<{ column_name: string; data_type: string; is_nullable: string; column_default: string | null }>(
      `SELECT column_name, data_type, is_nullable, column_default FROM information_schema.columns
       WHERE table_name = $1 AND table_schema = current_schema() ORDER BY ordinal_position`,
      [table],
    ),
  );

describe(`migrations (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("uses the database the environment names", () => {
    expect(databaseKind()).toBe(process.env.DATABASE_URL ? "postgres" : "embedded");
  });

  it("creates exactly the admin and waitlist tables, plus rate limits, the signup counter, sessions, the audit log, email, the overview's sums, webhooks and Prisma's bookkeeping", async () => {
    const tables = await withSql((sql) =>
      sql.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name`,
      ),
    );
    expect(tables.map((t) => t.table_name)).toEqual([
      "_prisma_migrations",
      "admin_sessions",
      "admin_users",
      "audit_log",
      "email_outbox",
      "rate_limits",
      "waitlist",
      "waitlist_counter",
      "waitlist_daily",
      "waitlist_daily_events",
      "waitlist_tokens",
      "webhook_attempts",
      "webhook_deliveries",
      "webhooks",
    ]);
  });

  it("gives admin_users its columns and defaults, active by default and emailed about nothing", async () => {
    const columns = await columnsOf("admin_users");
    expect(columns.map((c) => [c.column_name, c.data_type, c.is_nullable])).toEqual([
      ["id", "integer", "NO"],
      ["email", "text", "NO"],
      ["password", "text", "NO"],
      ["name", "text", "NO"],
      ["isActive", "boolean", "NO"],
      ["createdAt", "timestamp with time zone", "NO"],
      ["notify", "text", "NO"],
    ]);
    const defaults = Object.fromEntries(columns.map((c) => [c.column_name, c.column_default]));
    expect(defaults.isActive).toBe("true");
    // Nobody is emailed about signups until they choose to be.
    expect(defaults.notify).toBe("'none'::text");
    expect(defaults.createdAt).toMatch(/CURRENT_TIMESTAMP/i);
  });

  it("gives waitlist its columns, with consent and confirmation times recorded", async () => {
    const columns = await columnsOf("waitlist");
    expect(columns.map((c) => [c.column_name, c.data_type])).toEqual([
      ["id", "integer"],
      ["name", "text"],
      ["email", "text"],
      ["businessType", "text"],
      ["employees", "text"],
      ["joinedAt", "timestamp with time zone"],
      ["consentedAt", "timestamp with time zone"],
      ["confirmedAt", "timestamp with time zone"],
      ["confirmationSentAt", "timestamp with time zone"],
      ["status", "text"],
      ["invitedAt", "timestamp with time zone"],
      ["acceptedAt", "timestamp with time zone"],
      ["utmSource", "text"],
      ["utmMedium", "text"],
      ["utmCampaign", "text"],
      ["referrer", "text"],
    ]);
  });

  it("enforces unique emails on both tables", async () => {
    await resetDatabase();
    await withSql((sql) =>
      sql.exec(`INSERT INTO waitlist (name, email, "businessType", employees) VALUES ('A', 'a@x.io', 'car', '1')`),
    );
    await expect(
      withSql((sql) =>
        sql.exec(`INSERT INTO waitlist (name, email, "businessType", employees) VALUES ('B', 'a@x.io', 'car', '1')`),
      ),
    ).rejects.toThrow(/unique|duplicate/i);
    await withSql((sql) => sql.exec(`INSERT INTO admin_users (name, email, password) VALUES ('A', 'a@x.io', 'h')`));
    await expect(
      withSql((sql) => sql.exec(`INSERT INTO admin_users (name, email, password) VALUES ('B', 'a@x.io', 'h')`)),
    ).rejects.toThrow(/unique|duplicate/i);
  });

  it("records Prisma-compatible rows and is idempotent", async () => {
    expect(await migrateDatabase()).toEqual([]);
    const rows = await withSql((sql) =>
      sql.query<{
        migration_name: string;
        checksum: string;
        finished_at: Date | null;
        applied_steps_count: number;
        rolled_back_at: Date | null;
      }>(
        `SELECT migration_name, checksum, finished_at, applied_steps_count, rolled_back_at FROM "_prisma_migrations" ORDER BY migration_name`,
      ),
    );
    const migrations = readMigrations();
    expect(rows.map((r) => r.migration_name)).toEqual(migrations.map((m) => m.name));
    for (const [index, row] of rows.entries()) {
      const expected = createHash("sha256").update(migrations[index]!.sql).digest("hex");
      expect(row.checksum).toBe(expected);
      expect(row.finished_at).not.toBeNull();
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
  });

  it("has the indexes that keep search and sorting fast", async () => {
    const indexes = await withSql((sql) =>
      sql.query<{ indexname: string; indexdef: string }>(
        `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'waitlist' AND schemaname = current_schema()`,
      ),
    );
    const names = indexes.map((i) => i.indexname).sort();
    expect(names).toEqual(
      [
        "waitlist_businessType_idx",
        "waitlist_email_key",
        "waitlist_email_trgm_idx",
        "waitlist_joinedAt_id_idx",
        "waitlist_name_id_idx",
        "waitlist_name_trgm_idx",
        "waitlist_pkey",
        "waitlist_status_joined_idx",
      ].sort(),
    );
    // Signups are always "waiting": this index must leave them out, or every signup would write to it.
    expect(indexes.find((i) => i.indexname === "waitlist_status_joined_idx")?.indexdef).toMatch(
      /WHERE \(status <> 'waiting'::text\)/,
    );
    expect(indexes.find((i) => i.indexname === "waitlist_name_trgm_idx")?.indexdef).toMatch(/gin .*gin_trgm_ops/i);
  });
});
