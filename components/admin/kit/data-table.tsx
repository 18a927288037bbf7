import { Loader2Icon } from "lucide-react";

import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/lib/utils";

/** What a table's body shows instead of rows: while loading, when the rows could not be read, or when there are none. */
export type TableMessage = { kind: "loading" | "error" | "empty"; text: string; action?: React.ReactNode };

/** One full-width row saying why there are no rows; an error is announced at once, the others politely. */
export function TableMessageRow({ columns, message }: { columns: number; message: TableMessage }) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell colSpan={columns} className="h-32 text-center">
        <div
          role={message.kind === "error" ? "alert" : "status"}
          className={cn(
            "flex flex-col items-center justify-center gap-3",
            message.kind === "error" ? "text-destructive" : "text-muted-foreground",
          )}
        >
          <p className="flex items-center gap-2">
            {message.kind === "loading" && <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />}
            {message.text}
          </p>
          {message.action}
        </div>
      </TableCell>
    </TableRow>
  );
}

export interface Column<Row> {
  /** The header; on a phone, where each row becomes a card, it labels the cell too. */
  header: string;
  /** Shown to screen readers only (an actions column has no visible header). */
  hideHeader?: boolean;
  cell: (row: Row) => React.ReactNode;
  className?: string;
}

interface DataTableProps<Row> {
  /** Names the scrollable region the table sits in. */
  label: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** Marks each row for the browser tests ("email-row"). */
  rowTestId?: string;
  /** Shown instead of the rows; with no rows and no message, `empty` says so. */
  message?: TableMessage;
  empty?: string;
}

/**
 * An admin table: headers, one row per item, and a message row when there is nothing to list. Below 768 px
 * each row becomes a card of labelled fields, so no column hides off the side of a phone.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowTestId,
  message,
  empty = "Nothing yet",
}: DataTableProps<Row>) {
  const shown = message ?? (rows.length === 0 ? ({ kind: "empty", text: empty } as const) : undefined);
  return (
    <Table containerLabel={label} stackOnPhone aria-busy={shown?.kind === "loading"}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {columns.map((column) => (
            <TableHead key={column.header}>
              {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {shown ? (
          <TableMessageRow columns={columns.length} message={shown} />
        ) : (
          rows.map((row) => (
            <TableRow key={rowKey(row)} data-testid={rowTestId}>
              {columns.map((column) => (
                <TableCell key={column.header} data-label={column.header} className={column.className}>
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
