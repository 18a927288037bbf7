import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { projectPath } from "@/lib/project-root";

/** The smallest SQL surface the runner needs; implemented over node-postgres and PGlite. */
export interface SqlRunner {
  /** Runs one or more statements without parameters. */
  exec(sql: string): Promise<void>;
  /** Runs one parameterised statement and returns its rows. */
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs `fn` inside a transaction. */
  transaction(fn: (tx: SqlRunner) => Promise<void>): Promise<void>;
}

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

/** A file of prisma/sql/functions: `CREATE OR REPLACE FUNCTION` statements, safe to run any number of times. */
export interface FunctionFile {
  name: string;
  sql: string;
}

// Found from the project's folder, not the working directory: a server may be started from anywhere.
const MIGRATIONS_DIR = projectPath("prisma", "migrations");

// The current body of every stored function, one file per function or group of related functions. A
// migration that changes a function's body would have to copy all of it; here a change is one diff, and
// the runner replaces every body after every run of migrations. Tables and triggers stay in migrations.
const FUNCTIONS_DIR = projectPath("prisma", "sql", "functions");

// The lock key Prisma's own migrate engine takes, so the two never run at once.
const ADVISORY_LOCK_KEY = 72707369;

// Prisma's bookkeeping table, exactly as `prisma migrate` creates it.
const CREATE_BOOKKEEPING = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

/** The migrations in prisma/migrations, oldest first, with Prisma's checksum (sha256 of the file). */
export function readMigrations(): Migration[] {
  return readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(MIGRATIONS_DIR, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/** The files in prisma/sql/functions, in name order (the order they are applied in). */
export function readFunctionFiles(): FunctionFile[] {
  return readdirSync(FUNCTIONS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".sql"))
    .map((entry) => entry.name)
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(FUNCTIONS_DIR, name), "utf8") }));
}

/**
 * Applies every migration not yet recorded as finished, recording each in `_prisma_migrations` so that
 * `prisma migrate deploy` elsewhere sees it as applied, then every file of prisma/sql/functions, in name
 * order: all in one transaction, so the database's functions are always the files' (a migration's own
 * `CREATE FUNCTION` is only what its triggers start with), and no write ever commits between a migration
 * and the bodies its triggers need (a confirmation then would be counted by a placeholder, and lost).
 * A failure anywhere leaves the database as it was. Idempotent. Returns the names of the migrations it applied.
 *
 * Two deploys migrating at once take turns on a transaction-level advisory lock, taken first in that same
 * transaction: it ends with the transaction whatever happens, so it works through a transaction pooler
 * (PgBouncer, Neon's and Supabase's), where a session lock and its unlock could land on different server
 * connections and the lock would stay behind on one of them, holding up the next deploy.
 */
export async function applyMigrations(
  db: SqlRunner,
  options: { migrations?: Migration[]; functions?: FunctionFile[]; useAdvisoryLock?: boolean } = {},
): Promise<string[]> {
  const migrations = options.migrations ?? readMigrations();
  const functions = options.functions ?? readFunctionFiles();
  const useLock = options.useAdvisoryLock ?? true;
  let pending: Migration[] = [];
  await db.transaction(async (tx) => {
    if (useLock) await tx.query("SELECT pg_advisory_xact_lock($1)", [ADVISORY_LOCK_KEY]);
    // Read under the lock: a deploy that waited for it sees what the one before it applied.
    await tx.exec(CREATE_BOOKKEEPING);
    const rows = await tx.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const applied = new Map(rows.map((row) => [row.migration_name, row.checksum]));
    pending = migrations.filter((migration) => {
      const recorded = applied.get(migration.name);
      if (recorded !== undefined && recorded !== migration.checksum) {
        console.warn(`[migrate] ${migration.name} was changed after it was applied (checksum differs)`);
      }
      return recorded === undefined;
    });
    for (const migration of pending) {
      const id = randomUUID();
      await tx.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)`,
        [id, migration.checksum, migration.name],
      );
      await tx.exec(migration.sql);
      await tx.query(`UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`, [
        id,
      ]);
    }
    // The files every time, not only after a new migration: a changed file takes effect on the next deploy,
    // and replacing a body that has not changed changes nothing. Under the same lock, so two servers never
    // replace the same function at once.
    for (const file of functions) await tx.exec(file.sql);
  });
  return pending.map((migration) => migration.name);
}
