// Reads prisma/schema.prisma into what a migration must create: each model's table, its columns with their
// PostgreSQL types and nullability, and its indexes. Prisma's own engine (which could diff the two) cannot be
// downloaded on these machines, and the migrations are written by hand, so this is how a test holds them to
// the schema.
import { readFileSync } from "node:fs";
import path from "node:path";

export interface SchemaColumn {
  name: string;
  /** As information_schema.columns.data_type names it. */
  type: string;
  nullable: boolean;
}

export interface SchemaIndex {
  name: string;
  columns: string[];
  unique: boolean;
  method: "btree" | "gin";
  /** Columns indexed in descending order. */
  descending: string[];
}

export interface SchemaTable {
  model: string;
  table: string;
  columns: SchemaColumn[];
  indexes: SchemaIndex[];
}

const SCALAR_TYPES: Record<string, string> = {
  String: "text",
  Int: "integer",
  BigInt: "bigint",
  Boolean: "boolean",
  DateTime: "timestamp without time zone",
  Float: "double precision",
  Decimal: "numeric",
  Json: "jsonb",
  Bytes: "bytea",
};

const NATIVE_TYPES: Record<string, string> = {
  Timestamptz: "timestamp with time zone",
  Timestamp: "timestamp without time zone",
  Date: "date",
  SmallInt: "smallint",
  Uuid: "uuid",
  Text: "text",
};

const mapOf = (attributes: string) => /@map\("([^"]+)"\)/.exec(attributes)?.[1];

/** One index's column list, as `[a(sort: Desc), b(ops: raw("x"))]`, split into names and descending ones. */
function indexColumns(list: string, columnOf: (field: string) => string) {
  const columns: string[] = [];
  const descending: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of list) {
    if (char === "(") depth += 1;
    if (char === ")") depth -= 1;
    if (char === "," && depth === 0) {
      columns.push(current.trim());
      current = "";
    } else current += char;
  }
  if (current.trim()) columns.push(current.trim());
  return {
    columns: columns.map((entry) => {
      const column = columnOf(entry.split("(")[0]!.trim());
      if (/sort:\s*Desc/.test(entry)) descending.push(column);
      return column;
    }),
    descending,
  };
}

/** Every model of the schema file, as the tables the migrations must make. */
export function readSchemaTables(file = path.join(process.cwd(), "prisma", "schema.prisma")): SchemaTable[] {
  const source = readFileSync(file, "utf8").replace(/^\s*\/\/.*$/gm, "");
  const models = [...source.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)];
  const modelNames = new Set(models.map((match) => match[1]!));

  return models.map(([, model, body]) => {
    const lines = body!.split("\n").map((line) => line.trim());
    const table = /@@map\("([^"]+)"\)/.exec(body!)?.[1] ?? model!;
    const fieldColumns = new Map<string, string>();
    const columns: SchemaColumn[] = [];
    const indexes: SchemaIndex[] = [];

    for (const line of lines) {
      const field = /^(\w+)\s+(\w+)(\[\])?(\?)?\s*(.*)$/.exec(line);
      if (!field || line.startsWith("@@")) continue;
      const [, name, type, list, optional, attributes] = field;
      if (modelNames.has(type!)) continue; // a relation, not a column
      const column = mapOf(attributes!) ?? name!;
      fieldColumns.set(name!, column);
      const native = /@db\.(\w+)/.exec(attributes!)?.[1];
      const baseType = (native && NATIVE_TYPES[native]) ?? SCALAR_TYPES[type!];
      if (!baseType) throw new Error(`schema.prisma: ${model}.${name} has a type this reader does not know: ${type}`);
      columns.push({ name: column, type: list ? "ARRAY" : baseType, nullable: Boolean(optional) });
      if (/@id\b/.test(attributes!))
        indexes.push({ name: `${table}_pkey`, columns: [column], unique: true, method: "btree", descending: [] });
      if (/@unique\b/.test(attributes!))
        indexes.push({
          name: `${table}_${column}_key`,
          columns: [column],
          unique: true,
          method: "btree",
          descending: [],
        });
    }

    const columnOf = (field: string) => fieldColumns.get(field) ?? field;
    for (const line of lines) {
      const block = /^@@(id|unique|index)\(\[([^\]]*)\](.*)\)$/.exec(line);
      if (!block) continue;
      const [, kind, list, options] = block;
      const { columns: indexed, descending } = indexColumns(list!, columnOf);
      const suffix = kind === "id" ? "pkey" : kind === "unique" ? "key" : "idx";
      const name =
        /map:\s*"([^"]+)"/.exec(options!)?.[1] ??
        (kind === "id" ? `${table}_pkey` : `${table}_${indexed.join("_")}_${suffix}`);
      indexes.push({
        name,
        columns: indexed,
        unique: kind !== "index",
        method: /type:\s*Gin/.test(options!) ? "gin" : "btree",
        descending,
      });
    }
    return { model: model!, table, columns, indexes };
  });
}
