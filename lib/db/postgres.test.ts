import pg from "pg";

import { postgresRunner } from "@/lib/db/postgres";

// node-postgres specifics: only with TEST_DATABASE_URL (the embedded database has its own runner).
const url = process.env.TEST_DATABASE_URL?.trim();
const describePostgres = url ? describe : describe.skip;

describePostgres("postgresRunner", () => {
  let client: pg.Client;
  beforeEach(async () => {
    client = new pg.Client({ connectionString: url });
    await client.connect();
  });
  afterEach(() => client.end());

  it("returns rows with their types parsed, and runs several statements in one exec", async () => {
    const sql = postgresRunner(client);
    await sql.exec(
      `CREATE TEMP TABLE t (n int, at timestamptz); INSERT INTO t VALUES (1, '2025-01-02T03:04:05Z'), (2, NULL)`,
    );
    expect(await sql.query(`SELECT n, at FROM t WHERE n >= $1 ORDER BY n`, [1])).toEqual([
      { n: 1, at: new Date("2025-01-02T03:04:05Z") },
      { n: 2, at: null },
    ]);
    expect(await sql.query(`SELECT 1 AS one WHERE false`)).toEqual([]);
  });

  it("rejects with the database's error, and the connection stays usable", async () => {
    const sql = postgresRunner(client);
    await expect(sql.query(`SELECT * FROM no_such_table`)).rejects.toMatchObject({ code: "42P01" });
    expect(await sql.query(`SELECT 2 AS two`)).toEqual([{ two: 2 }]);
  });

  it("gives up on a statement that outlasts the query timeout, as node-postgres's query_timeout does", async () => {
    const sql = postgresRunner(client, { queryTimeoutMs: 50 });
    await expect(sql.query(`SELECT pg_sleep(1)`)).rejects.toThrow("Query read timeout");
    await expect(sql.exec(`SELECT pg_sleep(1)`)).rejects.toThrow("Query read timeout");
  });
});
