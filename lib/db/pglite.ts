import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

import type { SqlRunner } from "@/lib/db/migrate";

/** Opens an embedded PostgreSQL at `dir` ("memory://" for one that lives in memory only). */
export function openPglite(dir: string): PGlite {
  const inMemory = dir.startsWith("memory://");
  // PGlite creates only the last folder of its path.
  if (!inMemory) mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
  return new PGlite({ dataDir: inMemory ? undefined : dir, extensions: { pg_trgm } });
}

/** The migration runner's SQL surface over PGlite. */
export function pgliteRunner(pg: PGlite | Transaction): SqlRunner {
  return {
    exec: async (sql) => {
      await pg.exec(sql);
    },
    query: async <T>(sql: string, params?: unknown[]) => (await pg.query<T>(sql, params)).rows,
    transaction: async (fn) => {
      // PGlite has no nested transactions: inside one, run the work as part of it.
      if (!("transaction" in pg)) return fn(pgliteRunner(pg));
      await pg.transaction(async (tx) => {
        await fn(pgliteRunner(tx));
      });
    },
  };
}
