import { readFileSync } from "node:fs";
import path from "node:path";

import { NO_PLACE } from "@/lib/data/waitlist/sql";
import { withSql } from "@/lib/db";
import { prepareTestDatabase } from "@/test/db";

// prisma/sql/README.md is the map of what the database does by itself. A trigger or stored function that is not
// on it is behaviour nobody reading the TypeScript would find, so a migrated database must hold exactly the
// names the map's tables give (an extension's own functions, such as pg_trgm's, are not ours and are left out).
prepareTestDatabase();

const MAP_FILE = path.join(process.cwd(), "prisma", "sql", "README.md");

/** The names in backticks in the first cell of each row of the map's tables. */
function namesOnTheMap(): Set<string> {
  const names = new Set<string>();
  for (const line of readFileSync(MAP_FILE, "utf8").split("\n")) {
    const firstCell = /^\|([^|]*)\|/.exec(line)?.[1];
    if (!firstCell) continue;
    for (const [, name] of firstCell.matchAll(/`([a-z_][a-z0-9_]*)`/g)) names.add(name!);
  }
  return names;
}

const databaseNames = () =>
  withSql(async (sql) => {
    const triggers = await sql.query<{ name: string }>(
      `SELECT t.tgname AS name FROM pg_trigger AS t JOIN pg_class AS c ON c.oid = t.tgrelid
        WHERE c.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal`,
    );
    const functions = await sql.query<{ name: string }>(
      `SELECT DISTINCT p.proname AS name FROM pg_proc AS p
        WHERE p.pronamespace = current_schema()::regnamespace
          AND NOT EXISTS (SELECT 1 FROM pg_depend AS d WHERE d.objid = p.oid AND d.deptype = 'e')`,
    );
    return { triggers: triggers.map((t) => t.name), functions: functions.map((f) => f.name) };
  });

describe(`the map of triggers and functions (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("names every trigger and stored function the migrated database holds", async () => {
    const onTheMap = namesOnTheMap();
    const { triggers, functions } = await databaseNames();
    expect(triggers.length).toBeGreaterThan(10);
    expect(functions.length).toBeGreaterThan(10);
    expect(triggers.filter((name) => !onTheMap.has(name))).toEqual([]);
    expect(functions.filter((name) => !onTheMap.has(name))).toEqual([]);
  });

  it("names nothing the database does not hold", async () => {
    const { triggers, functions } = await databaseNames();
    const held = new Set([...triggers, ...functions]);
    expect([...namesOnTheMap()].filter((name) => !held.has(name))).toEqual([]);
  });

  it("names 'no place' the same in SQL and TypeScript", async () => {
    const [row] = await withSql((sql) =>
      sql.query<{ noPlace: string }>(`SELECT "waitlist_no_place"()::text AS "noPlace"`),
    );
    expect(BigInt(row!.noPlace)).toBe(NO_PLACE);
  });

  it("keeps a single waitlist_place, by line order (the old one by key and number is dropped)", async () => {
    const rows = await withSql((sql) =>
      sql.query<{ args: string }>(
        `SELECT pg_get_function_identity_arguments(oid) AS args FROM pg_proc
          WHERE pronamespace = current_schema()::regnamespace AND proname = 'waitlist_place'`,
      ),
    );
    expect(rows.map((r) => r.args)).toEqual(["p_order bigint"]);
  });

  it("keeps one form of each function: no overload is left behind from an earlier deploy", async () => {
    const overloaded = await withSql((sql) =>
      sql.query<{ name: string }>(
        `SELECT p.proname AS name FROM pg_proc AS p
          WHERE p.pronamespace = current_schema()::regnamespace
            AND NOT EXISTS (SELECT 1 FROM pg_depend AS d WHERE d.objid = p.oid AND d.deptype = 'e')
          GROUP BY p.proname HAVING count(*) > 1`,
      ),
    );
    expect(overloaded).toEqual([]);
  });

  it("takes a signup's fields as one JSON argument (the positional form is dropped)", async () => {
    const rows = await withSql((sql) =>
      sql.query<{ args: string }>(
        `SELECT pg_get_function_identity_arguments(oid) AS args FROM pg_proc
          WHERE pronamespace = current_schema()::regnamespace AND proname = 'waitlist_queue_confirmation'`,
      ),
    );
    expect(rows.map((r) => r.args)).toEqual(["p jsonb"]);
  });
});
