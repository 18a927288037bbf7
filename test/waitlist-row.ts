// Whole waitlist rows for the tests, made from the column descriptors (lib/data/waitlist/columns.ts), so a new
// column needs no change here. Nothing in the app imports this file.
import {
  ANY_WAITLIST_COLUMNS,
  WAITLIST_CSV_HEADER,
  type WaitlistColumn,
  type WaitlistRecord,
  type WaitlistRow,
} from "@/lib/data/waitlist/columns";
import type { WaitlistExportRow } from "@/lib/data/waitlist/export";

const EPOCH = new Date("2025-01-01T00:00:00.000Z");

/** A column's value in an entry that nothing has happened to: none given, or the first of its choices. */
function blank(column: WaitlistColumn): unknown {
  switch (column.format) {
    case "text":
      return column.nullable ? null : "";
    case "label":
      return column.nullable ? null : column.options[0]!.value;
    case "time":
      return column.nullable ? null : EPOCH;
    case "number":
      return 0;
    case "place":
      return null;
  }
}

/** A waitlist row as the list reads it (times as Dates): every column blank (see blank) but those given. */
export function waitlistRow(fields: Partial<WaitlistRow> = {}): WaitlistRow {
  const row = Object.fromEntries(ANY_WAITLIST_COLUMNS.map((column) => [column.key, blank(column)]));
  return { ...row, ...fields } as WaitlistRow;
}

/** A row as the export's batches read it (times as ISO 8601 text, and the line's order): blank but `fields`. */
export function exportRow(fields: Partial<WaitlistRecord> & { lineOrder?: string } = {}): WaitlistExportRow {
  const row = Object.fromEntries(
    ANY_WAITLIST_COLUMNS.map((column) => {
      const value = blank(column);
      return [column.key, value instanceof Date ? value.toISOString() : value];
    }),
  );
  return { ...row, lineOrder: "9223372036854775807", ...fields } as WaitlistExportRow;
}

/** A CSV record as a map from header name to field: tests read the export by name, never by position. */
export function byHeader(record: readonly string[], header: readonly string[] = WAITLIST_CSV_HEADER) {
  return Object.fromEntries(header.map((name, index) => [name, record[index]!])) as Record<string, string>;
}

/** A whole CSV (header first) as records keyed by header name. */
export function csvByHeader(records: readonly (readonly string[])[]): Record<string, string>[] {
  const [header, ...rows] = records;
  return rows.map((record) => byHeader(record, header!));
}
