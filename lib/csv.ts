import { Transform, type Readable } from "node:stream";

import { FORMULA_TRIGGER_CHARACTERS } from "@/lib/spreadsheet-formula";

/**
 * Neutralises spreadsheet formula injection (CWE-1236): a value starting with `=`, `+`, `-`, `@`, tab or
 * carriage return gets a leading `'`, so spreadsheets show it as text instead of evaluating it.
 */
export function neutraliseFormula(value: string): string {
  return FORMULA_TRIGGER_CHARACTERS.includes(value.charAt(0)) ? `'${value}` : value;
}

/** One CSV field: formula-neutralised, always quoted, inner quotes doubled (RFC 4180). */
export function csvField(value: string): string {
  return `"${neutraliseFormula(value).replaceAll('"', '""')}"`;
}

/** One CSV record with its CRLF line ending (RFC 4180). */
export function csvRecord(values: readonly string[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

/** Emitted first so Excel opens the UTF-8 file with accents intact; CSV parsers skip it (e.g. `bom: true`). */
export const UTF8_BOM = "\uFEFF";

const CHUNK_CHARACTERS = 16_384;

/** How a CSV download ended: how many records (not counting the header) went out, and whether all of them did. */
export interface CsvOutcome {
  records: number;
  completed: boolean;
}

/** Calls `onEnd` once, whichever way the stream ends first. */
function once(onEnd: ((outcome: CsvOutcome) => void) | undefined) {
  let called = false;
  return (outcome: CsvOutcome) => {
    if (called || !onEnd) return;
    called = true;
    onEnd(outcome);
  };
}

/**
 * A pull-based byte stream of CSV text: the header, then each batch of records as the consumer asks for
 * it. The first batch is read before this resolves, so a database failure can still become an HTTP
 * error; afterwards at most one batch is read ahead, which keeps memory flat whatever the row count.
 */
export async function createCsvStream(options: {
  header: readonly string[];
  batches: AsyncIterator<readonly (readonly string[])[]>;
  bom?: boolean;
  /** Told once when the download ends: finished, failed or cancelled. */
  onEnd?: (outcome: CsvOutcome) => void;
}): Promise<ReadableStream<Uint8Array>> {
  const { batches } = options;
  const ended = once(options.onEnd);
  let records = 0;
  const encoder = new TextEncoder();
  // Chunks of about 16k characters keep every string and buffer small: V8 puts objects over 128 kB in
  // its large-object space, which only a full garbage collection reclaims.
  const enqueueRecords = (
    controller: ReadableStreamDefaultController<Uint8Array>,
    rows: readonly (readonly string[])[],
    prefix = "",
  ) => {
    records += rows.length;
    let text = prefix;
    for (const record of rows) {
      text += csvRecord(record);
      if (text.length >= CHUNK_CHARACTERS) {
        controller.enqueue(encoder.encode(text));
        text = "";
      }
    }
    if (text) controller.enqueue(encoder.encode(text));
  };

  const first = await batches.next();
  let pending: Promise<IteratorResult<readonly (readonly string[])[]>> | null = null;
  let started = false;
  let finished = first.done === true;

  const readAhead = () => {
    pending = batches.next();
    // Awaited by the next pull; this only stops a failure from being reported as unhandled meanwhile.
    pending.catch(() => undefined);
  };

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          const head = (options.bom === false ? "" : UTF8_BOM) + csvRecord(options.header);
          enqueueRecords(controller, first.done ? [] : first.value, head);
          if (finished) {
            controller.close();
            ended({ records, completed: true });
          } else readAhead();
          return;
        }
        let next: IteratorResult<readonly (readonly string[])[]>;
        try {
          next = await pending!;
        } catch (error) {
          ended({ records, completed: false });
          throw error;
        }
        if (next.done) {
          finished = true;
          controller.close();
          ended({ records, completed: true });
          return;
        }
        enqueueRecords(controller, next.value);
        readAhead();
      },
      async cancel() {
        ended({ records, completed: false });
        if (finished) return;
        finished = true;
        // Lets the reader release what it holds once the batch in flight (if any) settles.
        await Promise.resolve(pending)
          .catch(() => undefined)
          .then(() => batches.return?.());
      },
    },
    // Nothing is queued beyond what a reader asks for: the batch being sent and the one read ahead are the only buffers.
    { highWaterMark: 0 },
  );
}

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

/**
 * Turns PostgreSQL's `COPY … (FORMAT csv)` output, whose records end in a bare LF, into RFC 4180 records
 * ending in CRLF, leaving line breaks inside quoted fields as they are. Quotes inside fields come doubled,
 * so counting quotes tells inside from outside; the count carries over from one chunk to the next.
 * A whole export passes through here, so each chunk is read once to find its record ends and then
 * copied in runs between them into one buffer of the final size.
 */
export function lfToCrlfOutsideQuotes(counter?: { records: number }): Transform {
  let insideQuotes = false;
  let ends = new Int32Array(1024);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let count = 0;
      let inside = insideQuotes;
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i];
        if (byte === QUOTE) inside = !inside;
        else if (byte === LF && !inside) {
          if (count === ends.length) {
            const grown = new Int32Array(count * 2);
            grown.set(ends);
            ends = grown;
          }
          ends[count++] = i;
        }
      }
      insideQuotes = inside;
      if (counter) counter.records += count;
      if (count === 0) return done(null, chunk);
      const out = Buffer.allocUnsafe(chunk.length + count);
      let from = 0;
      let to = 0;
      for (const end of ends.subarray(0, count)) {
        to += chunk.copy(out, to, from, end);
        out[to++] = CR;
        out[to++] = LF;
        from = end + 1;
      }
      chunk.copy(out, to, from);
      done(null, out);
    },
  });
}

/**
 * A CSV download made by the database itself: the BOM and header as createCsvStream writes them, then the
 * records of a `COPY … TO STDOUT (FORMAT csv, FORCE_QUOTE *)`, read only as fast as the client takes them.
 * Cancelling (the client went away) destroys the COPY, and with it its connection.
 */
export function csvStreamFromCopy(
  header: readonly string[],
  copy: Readable,
  onEnd?: (outcome: CsvOutcome) => void,
): ReadableStream<Uint8Array> {
  const ended = once(onEnd);
  const counter = { records: 0 };
  const records = copy.pipe(lfToCrlfOutsideQuotes(counter));
  // A failure reaches the reader through `records` (and the log, below); nothing may go unhandled when
  // no one is reading any more.
  copy.on("error", (error) => records.destroy(error));
  records.on("error", () => undefined);
  const chunks = records[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let headerSent = false;
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(new TextEncoder().encode(UTF8_BOM + csvRecord(header)));
          return;
        }
        try {
          const next = await chunks.next();
          if (cancelled) return;
          if (next.done) {
            controller.close();
            ended({ records: counter.records, completed: true });
          } else controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
        } catch (error) {
          if (cancelled) return;
          // The 200 is already sent: the client sees a cut-off download, the log says why.
          console.error("[export] the CSV stopped part-way:", error);
          ended({ records: counter.records, completed: false });
          controller.error(error);
        }
      },
      async cancel() {
        cancelled = true;
        ended({ records: counter.records, completed: false });
        copy.destroy();
        await chunks.return?.();
      },
    },
    // Nothing is queued beyond what the reader asks for; the node streams hold the rest, and pause the COPY.
    { highWaterMark: 0 },
  );
}
