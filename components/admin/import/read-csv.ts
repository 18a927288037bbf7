"use client";

import Papa from "papaparse";

export interface CsvFile {
  header: string[];
  records: string[][];
}

/**
 * Reads a CSV file in the browser, in chunks, reporting progress as it goes: its first row as the header and
 * the rest as records (blank lines skipped). Parsed in a Web Worker (papaparse's `worker: true`, which runs its
 * own code from a blob: URL; the site's Content-Security-Policy allows `worker-src 'self' blob:`), so the page
 * keeps answering while a large file is read. Should the worker fail to start (an older browser, a stricter
 * policy), the same chunked parse runs on the page itself: slower to feel, same result.
 */
export function readCsvFile(file: File, onProgress: (fraction: number) => void): Promise<CsvFile> {
  return parse(file, onProgress, true).catch((error: unknown) => {
    if (error instanceof WorkerFailure) return parse(file, onProgress, false);
    throw error;
  });
}

class WorkerFailure extends Error {}

function parse(file: File, onProgress: (fraction: number) => void, worker: boolean): Promise<CsvFile> {
  return new Promise((resolve, reject) => {
    let header: string[] | null = null;
    const records: string[][] = [];
    let bytes = 0;
    Papa.parse<string[]>(file, {
      worker,
      skipEmptyLines: "greedy",
      chunkSize: 1024 * 1024,
      chunk: (results) => {
        for (const row of results.data) {
          if (header === null) header = row.map((cell) => cell.replace(/^\uFEFF/, "").trim());
          else records.push(row);
        }
        bytes = Math.max(bytes, results.meta.cursor);
        onProgress(Math.min(1, bytes / Math.max(1, file.size)));
      },
      complete: () => {
        if (header === null) reject(new Error("The file is empty."));
        else resolve({ header, records });
      },
      error: (error: Error) => {
        if (worker && header === null) reject(new WorkerFailure(error.message));
        else reject(error);
      },
    });
  });
}
