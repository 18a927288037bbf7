"use client";

import { useId } from "react";

import type { CsvFile } from "@/components/admin/import/read-csv";
import { Label } from "@/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import {
  checkImportRow,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  importRowOf,
  type ImportMapping,
} from "@/lib/validation/import";
import { businessTypeText, IMPORT_SOURCE, teamSizeLabel } from "@/lib/validation/waitlist";

/** How many rows the preview shows. */
export const PREVIEW_ROWS = 20;

/** A progress bar people and assistive tech can read: its label, and how far along it is in per cent. */
export function ProgressBar({ label, value }: { label: string; value: number }) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className="grid max-w-md gap-1">
      <div className="flex justify-between text-sm">
        <span>{label}</span>
        <span aria-hidden="true">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

const SELECT_CLASS =
  "h-9 w-full rounded-md border border-input bg-background px-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50";

/** One select per field: which of the file's columns fills it, or none. */
export function MappingFields({
  header,
  mapping,
  onChange,
  disabled,
}: {
  header: string[];
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="mapping">
      {IMPORT_FIELDS.map((field) => (
        <div key={field} className="grid gap-1">
          <Label htmlFor={`${id}-${field}`}>{IMPORT_FIELD_LABELS[field]}</Label>
          <select
            id={`${id}-${field}`}
            className={SELECT_CLASS}
            disabled={disabled}
            value={mapping[field] === null ? "" : String(mapping[field])}
            onChange={(event) =>
              onChange({ ...mapping, [field]: event.target.value === "" ? null : Number(event.target.value) })
            }
          >
            <option value="">Not in the file</option>
            {header.map((name, index) => (
              <option key={index} value={String(index)}>
                {name || `Column ${index + 1}`}
              </option>
            ))}
          </select>
        </div>
      ))}
    </div>
  );
}

const timeText = (time: Date | null) => (time ? time.toISOString().replace("T", " ").slice(0, 16) + " UTC" : "");

/**
 * The first rows as they will be stored, each with what stops it being imported (checked here by the same
 * rules as the server's; the server's check also finds throwaway addresses, listed in `problems`).
 */
export function ImportPreview({
  file,
  mapping,
  problems,
  onList,
}: {
  file: CsvFile;
  mapping: ImportMapping;
  problems?: { line: number; errors: string[] }[];
  /** The preview's addresses already on the list (they are left as they are), once the server has said. */
  onList?: ReadonlySet<string> | null;
}) {
  const now = new Date();
  const rows = file.records.slice(0, PREVIEW_ROWS).map((record, index) => importRowOf(record, mapping, index + 2));
  return (
    <Table containerLabel="The first rows as they will be stored">
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Row</TableHead>
          <TableHead scope="col">Name</TableHead>
          <TableHead scope="col">Email</TableHead>
          <TableHead scope="col">Business type</TableHead>
          <TableHead scope="col">Team size</TableHead>
          <TableHead scope="col">Signed up</TableHead>
          <TableHead scope="col">Confirmed</TableHead>
          <TableHead scope="col">Source</TableHead>
          <TableHead scope="col">Problems</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => {
          const result = checkImportRow(row, now);
          const serverErrors = problems?.find((problem) => problem.line === row.line)?.errors;
          const errors = result.ok ? (serverErrors ?? []) : result.errors;
          const entry = result.ok ? result.entry : null;
          return (
            <TableRow key={row.line}>
              <TableCell>{row.line}</TableCell>
              <TableCell>
                {entry?.name ?? row.name ?? [row.firstName, row.lastName].filter(Boolean).join(" ")}
              </TableCell>
              <TableCell>{entry?.email ?? row.email}</TableCell>
              <TableCell>
                {entry ? businessTypeText(entry.businessType, entry.businessDescription) : row.businessType}
              </TableCell>
              <TableCell>{entry ? teamSizeLabel(entry.employees) : row.teamSize}</TableCell>
              <TableCell>{entry ? timeText(entry.joinedAt) : row.joinedAt}</TableCell>
              <TableCell>{entry ? timeText(entry.confirmedAt) : row.confirmedAt}</TableCell>
              <TableCell>{entry ? (entry.utmSource ?? IMPORT_SOURCE) : row.utmSource}</TableCell>
              <TableCell className={errors.length > 0 ? "font-medium text-destructive" : "text-muted-foreground"}>
                {errors.length > 0 ? errors.join(" ") : "None"}
                {entry && onList?.has(entry.email) && (
                  <span className="block font-medium text-foreground" data-testid="already-on-list">
                    Already on the list: left as it is.
                  </span>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
