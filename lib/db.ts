import type { Readable } from "node:stream";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";

import { DatabaseUnavailableError, translateDatabaseError } from "@/lib/db/errors";
import { applyMigrations, type SqlRunner } from "@/lib/db/migrate";
import { postgresPoolConfig, postgresRunner } from "@/lib/db/postgres";
import { env } from "@/lib/env";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { projectPath } from "@/lib/project-root";

/** Where the embedded database lives unless PGLITE_DIR says otherwise. */
export const DEFAULT_PGLITE_DIR = projectPath(".data", "pglite");

function extend(base: PrismaClient, ready: Promise<unknown>) {
  return base.$extends({
    name: "database-errors",
    query: {
      async $allOperations({ args, query }) {
        await ready;
        try {
          return await query(args);
        } catch (error) {
          throw translateDatabaseError(error);
        }
      },
    },
  });
}

/** The Prisma client every data function uses. */
export type Db = ReturnType<typeof extend>;

/** What `db.$transaction(async (tx) => …)` hands its callback. */
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

interface Connection {
  kind: "postgres" | "embedded";
  db: Db;
  /** PostgreSQL only: `COPY (…) TO STDOUT` on a connection of its own, which closes when the stream ends. */
  copyOut?(statement: (escapeLiteral: (value: string) => string) => string): Promise<Readable>;
  /** Runs `fn` with a raw SQL runner on the same database (migrations, maintenance). */
  withSql<T>(fn: (sql: SqlRunner) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

function connectPostgres(url: string, schema: string | undefined, max: number): Connection {
  const config = postgresPoolConfig({ url, schema, max });
  const base = new PrismaClient({ adapter: new PrismaPg(config, schema ? { schema } : undefined) });
  return {
    kind: "postgres",
    db: extend(base, Promise.resolve()),
    async withSql(fn) {
      // The runner applies the query timeout itself: see collectRows in lib/db/postgres.ts.
      const client = new pg.Client({ ...config, options: undefined, query_timeout: undefined });
      try {
        await client.connect();
        if (schema) {
          // The extension lives in public, so every test schema shares it.
          await client.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`);
          await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
          await client.query(`SET search_path TO "${schema}", public`);
        }
        return await fn(postgresRunner(client, { queryTimeoutMs: config.query_timeout }));
      } catch (error) {
        throw translateDatabaseError(error);
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    async copyOut(statement) {
      const client = new pg.Client({ ...config, options: undefined, query_timeout: undefined });
      // A connection lost mid-export fails the COPY stream, which is where it is reported.
      client.on("error", () => undefined);
      try {
        await client.connect();
        if (schema) await client.query(`SET search_path TO "${schema}", public`);
        const stream = client.query(copyTo(statement((value) => client.escapeLiteral(value))));
        // However the stream ends (finished, failed, or the reader went away), the connection goes with it.
        const end = () => void client.end().catch(() => undefined);
        stream.once("close", end);
        stream.on("error", end);
        return stream;
      } catch (error) {
        await client.end().catch(() => undefined);
        throw translateDatabaseError(error);
      }
    },
    close: () => base.$disconnect(),
  };
}

type DriverAdapterFactory = NonNullable<ConstructorParameters<typeof PrismaClient>[0]>["adapter"];

function connectEmbedded(dir: string): Connection {
  // PGlite and its Prisma adapter are loaded here, on first use, never imported up front: on Vercel
  // (DATABASE_URL required) no function ships them, and a static import would fail every function as it loads.
  const ready = import("@/lib/db/pglite")
    .then(async ({ openPglite, pgliteRunner }) => {
      const pglite = openPglite(dir);
      await pglite.waitReady;
      const runner = pgliteRunner(pglite);
      // The embedded database migrates itself before its first query, so it works with no setup at all.
      await applyMigrations(runner, { useAdvisoryLock: false });
      return { pglite, runner };
    })
    .catch((error: unknown) => {
      console.error("[db] the embedded database could not be opened:", error);
      throw new DatabaseUnavailableError({ cause: error });
    });
  ready.catch(() => undefined); // reported on use, not as an unhandled rejection
  const adapter: DriverAdapterFactory = {
    provider: "postgres",
    adapterName: "pglite-prisma-adapter",
    async connect() {
      const [{ pglite }, { PrismaPGlite }] = await Promise.all([ready, import("pglite-prisma-adapter")]);
      return new PrismaPGlite(pglite).connect();
    },
  };
  const base = new PrismaClient({ adapter });
  return {
    kind: "embedded",
    db: extend(base, ready),
    async withSql(fn) {
      return fn((await ready).runner);
    },
    async close() {
      await base.$disconnect();
      const opened = await ready.catch(() => null);
      await opened?.pglite.close();
    },
  };
}

const globalForDb = globalThis as unknown as { __ottoDatabase?: Connection; __ottoServerStart?: Promise<void> };

function connection(): Connection {
  startServerOnce();
  if (!globalForDb.__ottoDatabase) {
    const settings = env();
    globalForDb.__ottoDatabase = settings.DATABASE_URL
      ? connectPostgres(settings.DATABASE_URL, settings.DATABASE_SCHEMA, settings.DATABASE_POOL_MAX)
      : connectEmbedded(settings.PGLITE_DIR ?? DEFAULT_PGLITE_DIR);
  }
  return globalForDb.__ottoDatabase;
}

/**
 * Inside the Next server (pages and route handlers: `NEXT_RUNTIME` is set there, not in scripts or tests),
 * the first use of the database starts the server's own work once (lib/jobs/server-start.ts). It is started from
 * here rather than from instrumentation.ts because instrumentation also runs in the proxy, and whatever it
 * imports (the database drivers, the email renderer) would be shipped in the proxy's bundle too.
 */
function startServerOnce(): void {
  if (globalForDb.__ottoServerStart || process.env.NEXT_RUNTIME !== "nodejs") return;
  globalForDb.__ottoServerStart = import("@/lib/jobs/server-start").then(({ startServer }) => startServer());
}

/** Resolves once this server's start-up work is done (at once outside the Next server). */
export function serverStarted(): Promise<void> {
  startServerOnce();
  return globalForDb.__ottoServerStart ?? Promise.resolve();
}

/** The one Prisma client: PostgreSQL when DATABASE_URL is set, else the embedded database under .data/. */
export function getDb(): Db {
  return connection().db;
}

/** Which database this process uses. */
export function databaseKind(): Connection["kind"] {
  return connection().kind;
}

/** Applies pending migrations to the configured database; returns the names applied. */
export function migrateDatabase(): Promise<string[]> {
  return connection().withSql((sql) => applyMigrations(sql));
}

/** Runs `fn` with raw SQL access to the configured database. */
export function withSql<T>(fn: (sql: SqlRunner) => Promise<T>): Promise<T> {
  return connection().withSql(fn);
}

/**
 * Streams the output of a `COPY (…) TO STDOUT` statement straight from PostgreSQL, or null on the embedded
 * database, which has no streaming COPY. COPY takes no bind parameters: `statement` gets the connection's
 * own literal escaping for every value it writes into the SQL.
 */
export function copyOut(statement: (escapeLiteral: (value: string) => string) => string): Promise<Readable> | null {
  const current = connection();
  return current.copyOut ? current.copyOut(statement) : null;
}

/** Closes the database connection (scripts and tests). */
export async function closeDb(): Promise<void> {
  const current = globalForDb.__ottoDatabase;
  globalForDb.__ottoDatabase = undefined;
  await current?.close();
}
