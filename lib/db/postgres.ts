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

/**
 * Runs one statement and collects its rows from the query's row events. When node-postgres collects
 * them itself (a plain `client.query`, or any query on a client with `query_timeout`, which wraps every
 * query in a callback) V8 promotes a large share of them to its old space, however small the result,
 * and that garbage piles up until a full collection (the CSV export's server grew markedly). Rows
 * collected here die young.
 * `timeoutMs` stands in for node-postgres's `query_timeout`, with the same error.
 */
function collectRows<T>(
  client: pg.PoolClient | pg.Client,
  sql: string,
  params: unknown[] | undefined,
  timeoutMs: number | undefined,
): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const rows: T[] = [];
    const timer = timeoutMs ? setTimeout(() => reject(new Error("Query read timeout")), timeoutMs) : undefined;
    // A row listener, and no callback, is what tells node-postgres not to collect the rows itself.
    const query = client.query(new pg.Query(sql, params));
    query.on("row", (row: T) => rows.push(row));
    query.on("error", (error: Error) => {
      clearTimeout(timer);
      reject(error);
    });
    query.on("end", () => {
      clearTimeout(timer);
      resolve(rows);
    });
  });
}

/**
 * The migration runner's SQL surface over one node-postgres client. Give the client no
 * `query_timeout` (see collectRows) and pass it here as `queryTimeoutMs` instead.
 */
export function postgresRunner(
  client: pg.PoolClient | pg.Client,
  options: { queryTimeoutMs?: number } = {},
): SqlRunner {
  const timeoutMs = options.queryTimeoutMs;
  const runner: SqlRunner = {
    exec: async (sql) => {
      await collectRows(client, sql, undefined, timeoutMs);
    },
    query: (sql, params) => collectRows(client, sql, params, timeoutMs),
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
