import pg from "pg";

import type { SqlRunner } from "@/lib/db/migrate";

/** Pool settings for PostgreSQL: small (serverless instances each hold their own), and never hanging. */
export function postgresPoolConfig(options: { url: string; schema?: string; max: number }): pg.PoolConfig {
  return {
    connectionString: options.url,
    max: options.max,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 10_000,
    query_timeout: 30_000,
    allowExitOnIdle: true,
    ...(options.schema ? { options: `-c search_path="${options.schema}",public` } : {}),
  };
}

/** The migration runner's SQL surface over one node-postgres client. */
export function postgresRunner(client: pg.PoolClient | pg.Client): SqlRunner {
  const runner: SqlRunner = {
    exec: async (sql) => {
      await client.query(sql);
    },
    query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
    transaction: async (fn) => {
      await client.query("BEGIN");
      try {
        await fn(runner);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      }
    },
  };
  return runner;
}
