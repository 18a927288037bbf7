import { randomBytes } from "node:crypto";
import pg from "pg";

import { applyMigrations, readMigrations } from "@/lib/db/migrate";
import { postgresRunner } from "@/lib/db/postgres";

// Deploys migrate through whatever DATABASE_URL names, and on Vercel with Neon or Supabase that is a transaction
// pooler: consecutive statements of one client may run on different server connections, and other clients'
// transactions run in between. Two deploys migrating at once must still take turns, and leave no lock behind.
// `.ci/run` starts PgBouncer in transaction mode (scripts/ci/pgbouncer.sh) and runs this file with POOLER_URL
// set to it; without a pooler to go through there is nothing to test, so the file is skipped.
const poolerUrl = process.env.POOLER_URL?.trim();
// The server behind the pooler, reached directly: for creating the test's database and reading pg_locks.
const directUrl = process.env.POOLER_DIRECT_URL?.trim() || "postgresql://root@127.0.0.1:5432/postgres";

const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

(poolerUrl ? describe : describe.skip)("migrating through a transaction pooler", () => {
  const database = `otto_pooled_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const direct = new pg.Client({ connectionString: directUrl });

  beforeAll(async () => {
    await direct.connect();
    await direct.query(`CREATE DATABASE "${database}"`);
  });

  afterAll(async () => {
    await direct.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
    await direct.end();
  });

  const pooledClient = async () => {
    const client = new pg.Client({ connectionString: withDatabase(poolerUrl!, database) });
    await client.connect();
    return client;
  };

  it("lets one of two concurrent migrations apply and the other find the database up to date, while other clients keep the pool busy, and leaves no advisory lock", async () => {
    // Other clients' short transactions keep the pooler's few server connections changing hands throughout.
    let busy = true;
    const others = await Promise.all(Array.from({ length: 6 }, pooledClient));
    const keepBusy = others.map(async (client) => {
      while (busy) {
        await client.query("BEGIN");
        await client.query("SELECT pg_sleep(0.01)");
        await client.query("COMMIT");
      }
    });

    const [first, second] = await Promise.all([pooledClient(), pooledClient()]);
    try {
      const results = await Promise.all([
        applyMigrations(postgresRunner(first)),
        applyMigrations(postgresRunner(second)),
      ]);
      const all = readMigrations().map((migration) => migration.name);
      expect(results.map((applied) => applied.length).sort((a, b) => a - b)).toEqual([0, all.length]);
      expect(results.find((applied) => applied.length > 0)).toEqual(all);

      // A third run, after both, is a no-op that does not wait on anything left behind.
      expect(await applyMigrations(postgresRunner(first))).toEqual([]);
    } finally {
      busy = false;
      await Promise.all(keepBusy);
      await Promise.all([first, second, ...others].map((client) => client.end()));
    }

    const locks = await direct.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_locks AS l JOIN pg_database AS d ON d.oid = l.database
        WHERE l.locktype = 'advisory' AND d.datname = $1`,
      [database],
    );
    expect(locks.rows[0]!.count).toBe(0);

    const recorded = new pg.Client({ connectionString: withDatabase(directUrl, database) });
    await recorded.connect();
    try {
      const rows = await recorded.query<{ count: number }>(`SELECT count(*)::int AS count FROM "_prisma_migrations"`);
      // Each migration recorded once: the second run applied nothing twice.
      expect(rows.rows[0]!.count).toBe(readMigrations().length);
    } finally {
      await recorded.end();
    }
  });
});
