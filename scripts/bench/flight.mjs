import { readFileSync } from "node:fs";

// What a page's inline hydration data (the React Server Components payload Next writes into the HTML as
// `self.__next_f.push(...)` scripts) is made of. Used by landing.bench.mjs; also runs alone:
//   node scripts/bench/flight.mjs http://127.0.0.1:3600/ (or .next/server/app/index.html) [--detail]
// prints the raw HTML and flight bytes, the client references (module and props size of each use), the bytes
// each section of the page adds, and the class names repeated most.

/** The decoded RSC payload of an HTML page, and the bytes its flight scripts take in the HTML as sent. */
export function extractFlight(html) {
  let scriptBytes = 0;
  let payload = "";
  for (const match of html.matchAll(/<script\b[^>]*>(self\.__next_f\.push\((.*?)\))<\/script>/gs)) {
    scriptBytes += Buffer.byteLength(match[0]);
    const [kind, text] = JSON.parse(match[2]);
    if (kind === 1) payload += text;
  }
  return { scriptBytes, payload };
}

/** Splits an RSC payload into rows: { id, tag, body } (tag "I" for a client reference, "T" for text, "" for JSON). */
export function parseRows(payload) {
  const rows = [];
  let at = 0;
  while (at < payload.length) {
    const colon = payload.indexOf(":", at);
    if (colon < 0) break;
    const id = payload.slice(at, colon);
    let cursor = colon + 1;
    const tag = /^[A-Z]+/.exec(payload.slice(cursor, cursor + 4))?.[0] ?? "";
    cursor += tag.length;
    if (tag === "T") {
      // T<hex length in bytes>,<text>
      const comma = payload.indexOf(",", cursor);
      const length = parseInt(payload.slice(cursor, comma), 16);
      const bytes = Buffer.from(payload.slice(comma + 1), "utf8").subarray(0, length);
      const body = bytes.toString("utf8");
      rows.push({ id, tag, body, bytes: length });
      at = comma + 1 + body.length;
      continue;
    }
    const end = payload.indexOf("\n", cursor);
    const body = payload.slice(cursor, end < 0 ? payload.length : end);
    rows.push({ id, tag, body, bytes: Buffer.byteLength(body) });
    at = end < 0 ? payload.length : end + 1;
  }
  return rows;
}

const size = (value) => Buffer.byteLength(JSON.stringify(value) ?? "");

/** Walks a decoded RSC tree, calling visit(element, path) on every React element ["$", type, key, props]. */
function walk(node, visit, path = []) {
  if (Array.isArray(node)) {
    if (node[0] === "$" && node.length >= 4 && typeof node[1] === "string") {
      visit(node, path);
      const props = node[3] ?? {};
      for (const [key, value] of Object.entries(props)) walk(value, visit, [...path, node, key]);
      return;
    }
    for (const child of node) walk(child, visit, path);
  } else if (node && typeof node === "object") {
    for (const value of Object.values(node)) walk(value, visit, path);
  }
}

/** Figures and a breakdown of a page's inline flight data. */
export function analyse(html) {
  const { scriptBytes, payload } = extractFlight(html);
  const rows = parseRows(payload);
  const references = new Map(); // row id → { name, chunks }
  // Strings used more than once (export names, chunk paths) get a row of their own and are referenced as "$<row id>".
  const strings = new Map(
    rows.filter((r) => r.tag === "" && r.body.startsWith('"')).map((r) => [`$${r.id}`, JSON.parse(r.body)]),
  );
  for (const row of rows.filter((r) => r.tag === "I")) {
    const [, chunks, exported] = JSON.parse(row.body);
    const name = strings.get(exported) ?? exported;
    references.set(row.id, { name: name || "default", chunks: chunks.length });
  }
  // React moves parts of a large tree into rows of their own ("$<row id>" where they belong): a section's size
  // counts the rows it refers to, once each.
  const rowById = new Map(rows.map((r) => [r.id, r]));
  const withOutlined = (node) => {
    const seen = new Set();
    const visit = (json) => {
      let bytes = Buffer.byteLength(json);
      for (const [, id] of json.matchAll(/"\$(?:L|@)?([0-9a-f]+)"/g)) {
        const row = rowById.get(id);
        if (!row || row.tag !== "" || seen.has(id)) continue;
        seen.add(id);
        bytes += visit(row.body);
      }
      return bytes;
    };
    return visit(JSON.stringify(node));
  };
  const uses = new Map(); // reference name → { count, propsBytes, childrenBytes }
  const sections = [];
  const classNames = new Map();
  for (const row of rows.filter((r) => r.tag === "")) {
    let tree;
    try {
      tree = JSON.parse(row.body);
    } catch {
      continue;
    }
    walk(tree, (element) => {
      const [, type, , props = {}] = element;
      if (typeof props.className === "string")
        classNames.set(props.className, (classNames.get(props.className) ?? 0) + 1);
      if ((type === "section" || type === "header" || type === "footer") && !sections.some((s) => s.node === element))
        sections.push({ node: element, label: `${type}#${props.id ?? ""}`, bytes: withOutlined(element) });
      const ref = /^\$L([0-9a-f]+)$/.exec(type)?.[1];
      if (ref === undefined) return;
      const name = references.get(ref)?.name ?? `$L${ref}`;
      const { children, ...rest } = props;
      const use = uses.get(name) ?? { count: 0, propsBytes: 0, childrenBytes: 0 };
      use.count += 1;
      use.propsBytes += size(rest);
      use.childrenBytes += children === undefined ? 0 : size(children);
      uses.set(name, use);
    });
  }
  const classBytes = [...classNames].reduce((sum, [name, count]) => sum + Buffer.byteLength(name) * count, 0);
  const classCount = [...classNames.values()].reduce((sum, count) => sum + count, 0);
  return {
    htmlBytes: Buffer.byteLength(html),
    flightScriptBytes: scriptBytes,
    flightPayloadBytes: Buffer.byteLength(payload),
    clientReferences: references.size,
    referenceNames: [...new Set([...references.values()].map((r) => r.name))],
    uses: [...uses].map(([name, use]) => ({ name, ...use })).sort((a, b) => b.propsBytes - a.propsBytes),
    rows: rows.map(({ id, tag, bytes }) => ({ id, tag, bytes })),
    sections: sections.map(({ label, bytes }) => ({ label, bytes })),
    classNameStrings: classCount,
    classNameBytes: classBytes,
    topClassNames: [...classNames]
      .map(([name, count]) => ({ name, count, bytes: Buffer.byteLength(name) * count }))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 15),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const source = process.argv[2] ?? "http://127.0.0.1:3600/";
  // A URL, or a prerendered page's file (.next/server/app/index.html) with no server running.
  const html = /^https?:/.test(source) ? await (await fetch(source)).text() : readFileSync(source, "utf8");
  const result = analyse(html);
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `HTML ${kb(result.htmlBytes)}; flight scripts ${kb(result.flightScriptBytes)} (payload ${kb(result.flightPayloadBytes)})`,
  );
  console.log(`client references: ${result.clientReferences} (${result.referenceNames.join(", ")})`);
  console.log(`className strings in the flight: ${result.classNameStrings}, ${kb(result.classNameBytes)}`);
  console.log("client component uses (props without children / children passed through):");
  for (const use of result.uses)
    console.log(`  ${use.name} x${use.count}: props ${kb(use.propsBytes)}, children ${kb(use.childrenBytes)}`);
  console.log("sections in the flight:");
  for (const section of result.sections) console.log(`  ${section.label}: ${kb(section.bytes)}`);
  if (process.argv.includes("--detail")) {
    console.log("largest rows:");
    for (const row of [...result.rows].sort((a, b) => b.bytes - a.bytes).slice(0, 12))
      console.log(`  ${row.id}:${row.tag} ${kb(row.bytes)}`);
    console.log("class names by bytes:");
    for (const c of result.topClassNames) console.log(`  x${c.count} ${kb(c.bytes)}  ${c.name}`);
  }
}
