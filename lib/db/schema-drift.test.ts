import { withSql } from "@/lib/db";
import { prepareTestDatabase } from "@/test/db";
import { readSchemaTables, type SchemaIndex } from "@/test/prisma-schema";

// The migrations are written by hand; schema.prisma is what the Prisma client is generated from. This holds the
// two together on a freshly migrated database: every model's table, column, type, nullability and index, and
// nothing the schema does not name (besides Prisma's own bookkeeping, and the partial or expression indexes
// schema.prisma has no words for).
prepareTestDatabase();

const schemaTables = readSchemaTables();

interface DatabaseIndex extends SchemaIndex {
  table: string;
  partial: boolean;
  expression: boolean;
}

async function databaseIndexes(): Promise<DatabaseIndex[]> {
  const rows = await withSql((sql) =>
    sql.query<{
      name: string;
      table: string;
      unique: boolean;
      method: string;
      partial: boolean;
      expression: boolean;
      columns: string | null;
      descending: string | null;
    }>(
      `SELECT i.relname AS name, t.relname AS "table", ix.indisunique AS "unique", am.amname AS method,
              ix.indpred IS NOT NULL AS partial, ix.indexprs IS NOT NULL AS expression,
              (SELECT string_agg(a.attname::text, ',' ORDER BY k.ord)
                 FROM unnest(ix.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
                 JOIN pg_attribute AS a ON a.attrelid = t.oid AND a.attnum = k.attnum
                WHERE k.ord <= ix.indnkeyatts) AS columns,
              (SELECT string_agg(a.attname::text, ',' ORDER BY k.ord)
                 FROM unnest(ix.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
                 JOIN pg_attribute AS a ON a.attrelid = t.oid AND a.attnum = k.attnum
                WHERE k.ord <= ix.indnkeyatts AND (ix.indoption::int2[])[k.ord - 1] & 1 = 1) AS descending
         FROM pg_index AS ix
         JOIN pg_class AS i ON i.oid = ix.indexrelid
         JOIN pg_class AS t ON t.oid = ix.indrelid
         JOIN pg_am AS am ON am.oid = i.relam
        WHERE t.relnamespace = current_schema()::regnamespace AND t.relname <> '_prisma_migrations'`,
    ),
  );
  return rows.map((row) => ({
    ...row,
    method: row.method as SchemaIndex["method"],
    columns: row.columns ? row.columns.split(",") : [],
    descending: row.descending ? row.descending.split(",") : [],
  }));
}

const described = (index: SchemaIndex) =>
  `${index.name} ${index.unique ? "UNIQUE " : ""}${index.method} (${index.columns
    .map((column) => (index.descending.includes(column) ? `${column} DESC` : column))
    .join(", ")})`;

describe(`the migrations match schema.prisma (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("reads every model of the schema", () => {
    expect(schemaTables.length).toBeGreaterThan(20);
    expect(schemaTables.find((t) => t.table === "waitlist")?.columns.length).toBeGreaterThan(20);
  });

  it("creates exactly one table for each model, plus Prisma's record of applied migrations", async () => {
    const tables = await withSql((sql) =>
      sql.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables
          WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
      ),
    );
    expect(tables.map((t) => t.table_name).sort()).toEqual(
      [...schemaTables.map((t) => t.table), "_prisma_migrations"].sort(),
    );
  });

  it.each(schemaTables.map((t) => [t.table, t] as const))(
    "gives %s the schema's columns, types and nullability",
    async (table, schema) => {
      const columns = await withSql((sql) =>
        sql.query<{ column_name: string; data_type: string; is_nullable: string }>(
          `SELECT column_name, data_type, is_nullable FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = $1`,
          [table],
        ),
      );
      const inDatabase = columns
        .map((c) => `${c.column_name} ${c.data_type}${c.is_nullable === "YES" ? " NULL" : ""}`)
        .sort();
      const inSchema = schema.columns.map((c) => `${c.name} ${c.type}${c.nullable ? " NULL" : ""}`).sort();
      expect(inDatabase).toEqual(inSchema);
    },
  );

  it.each(schemaTables.map((t) => [t.table, t] as const))(
    "gives %s the schema's indexes and no other plain ones",
    async (table, schema) => {
      const indexes = (await databaseIndexes()).filter((index) => index.table === table);
      // A partial or expression index is a migration's own (schema.prisma cannot say one); every other index
      // must be in the schema, and every index of the schema must be there as written.
      const plain = indexes.filter((index) => !index.partial && !index.expression);
      expect(plain.map(described).sort()).toEqual(schema.indexes.map(described).sort());
    },
  );
});
