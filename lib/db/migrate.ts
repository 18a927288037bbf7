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

// Found from the project's folder, not the working directory: a server may be started from anywhere.
const MIGRATIONS_DIR = projectPath("prisma", "migrations");

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

/**
 * Applies every migration not yet recorded as finished, each in its own transaction, and records it
 * in `_prisma_migrations` so that `prisma migrate deploy` elsewhere sees it as applied. Idempotent.
 * Returns the names it applied.
 */
export async function applyMigrations(
  db: SqlRunner,
  options: { migrations?: Migration[]; useAdvisoryLock?: boolean } = {},
): Promise<string[]> {
  const migrations = options.migrations ?? readMigrations();
  const useLock = options.useAdvisoryLock ?? true;
  if (useLock) await db.query("SELECT pg_advisory_lock($1)", [ADVISORY_LOCK_KEY]);
  try {
    await db.exec(CREATE_BOOKKEEPING);
    const rows = await db.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const applied = new Map(rows.map((row) => [row.migration_name, row.checksum]));
    const done: string[] = [];
    for (const migration of migrations) {
      const recorded = applied.get(migration.name);
      if (recorded !== undefined) {
        if (recorded !== migration.checksum) {
          console.warn(`[migrate] ${migration.name} was changed after it was applied (checksum differs)`);
        }
        continue;
      }
      await db.transaction(async (tx) => {
        const id = randomUUID();
        await tx.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)`,
          [id, migration.checksum, migration.name],
        );
        await tx.exec(migration.sql);
        await tx.query(`UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`, [
          id,
        ]);
      });
      done.push(migration.name);
    }
    return done;
  } finally {
    if (useLock) await db.query("SELECT pg_advisory_unlock($1)", [ADVISORY_LOCK_KEY]);
  }
}
