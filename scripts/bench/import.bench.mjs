// Importing a list: 100,000 rows through POST /api/admin/waitlist/import (signed in, batches of 5,000, as the
// admin page sends them, then the finishing call) against psql's `\copy` of the same rows into the same table.
// Both start from an empty waiting list, with the table's triggers (counter, overview sums, line) in place.
// Target: the API takes no more than 3 times as long as \copy.
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { signInAsBenchAdmin } from "./admin-session.mjs";

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const BATCH = 5_000;
const BUSINESS = ["trades", "cleaning", "beauty", "car", "handyman", "therapy", "tutoring", "other"];
const TEAM = ["1", "2-5", "6-10", "11+"];

/** The rows: a person a minute from early 2024; every other one confirmed twenty minutes after signing up. */
function people() {
  const start = Date.UTC(2024, 0, 1);
  return Array.from({ length: ROWS }, (_, i) => {
    const joined = new Date(start + i * 60_000);
    return {
      name: `Person ${i}`,
      email: `person.${i}@bench-import.example.com`,
      businessType: BUSINESS[i % BUSINESS.length],
      employees: TEAM[(i >> 3) % TEAM.length],
      joinedAt: joined.toISOString(),
      confirmedAt: i % 2 === 0 ? new Date(joined.getTime() + 20 * 60_000).toISOString() : "",
    };
  });
}

async function post(baseUrl, cookie, body) {
  const response = await fetch(`${baseUrl}/api/admin/waitlist/import`, {
    method: "POST",
    headers: { "Content-Type": "application/json", cookie },
    body,
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`import answered ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

const count = async (client) => Number((await client.query(`SELECT count(*) AS n FROM "waitlist"`)).rows[0].n);

export default async function importBench({ baseUrl, databaseUrl, schema, report, pg }) {
  const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema},public` });
  await client.connect();
  const file = path.join(os.tmpdir(), `bench-import-${Date.now()}.csv`);
  try {
    const rows = people();
    const cookie = await signInAsBenchAdmin(baseUrl, client, "import", "127.0.0.78");
    await client.query(`TRUNCATE "waitlist" RESTART IDENTITY CASCADE`);

    // The request bodies are made before the clock starts: the page has them ready from the file it read.
    const importId = randomUUID();
    const bodies = [];
    for (let batch = 0; batch * BATCH < rows.length; batch += 1) {
      const slice = rows.slice(batch * BATCH, (batch + 1) * BATCH).map((row, index) => ({
        line: batch * BATCH + index + 2,
        name: row.name,
        email: row.email,
        businessType: row.businessType,
        teamSize: row.employees,
        joinedAt: row.joinedAt,
        ...(row.confirmedAt ? { confirmedAt: row.confirmedAt } : {}),
      }));
      bodies.push(
        JSON.stringify({ action: "import", importId, batch, rows: slice, consent: true, sendConfirmations: false }),
      );
    }
    report("largest request body", Math.max(...bodies.map((body) => Buffer.byteLength(body))) / 1_000_000, "MB");

    let started = performance.now();
    let added = 0;
    for (const body of bodies) added += (await post(baseUrl, cookie, body)).added;
    await post(baseUrl, cookie, JSON.stringify({ action: "finish", importId, consent: true, stopped: false }));
    const apiSeconds = (performance.now() - started) / 1000;
    if (added !== ROWS || (await count(client)) !== ROWS) throw new Error(`the API added ${added} of ${ROWS}`);
    report(
      `API import of ${ROWS.toLocaleString("en-GB")} rows (${bodies.length} batches of ${BATCH})`,
      apiSeconds,
      "s",
    );
    report("API import, rows per second", ROWS / apiSeconds, "rows/s");

    // The same rows, as stored values, into the same (emptied) table with psql's \copy.
    await client.query(`TRUNCATE "waitlist" RESTART IDENTITY CASCADE`);
    const csv = rows
      .map((row) =>
        [row.name, row.email, row.businessType, row.employees, row.joinedAt, row.joinedAt, row.confirmedAt].join(","),
      )
      .join("\n");
    writeFileSync(file, `${csv}\n`);
    started = performance.now();
    const psql = spawnSync(
      "psql",
      [
        databaseUrl,
        "-v",
        "ON_ERROR_STOP=1",
        "-c",
        `\\copy "waitlist" ("name", "email", "businessType", "employees", "joinedAt", "consentedAt", "confirmedAt") FROM '${file}' WITH (FORMAT csv)`,
      ],
      { encoding: "utf8", env: { ...process.env, PGOPTIONS: `-c search_path=${schema},public` } },
    );
    const copySeconds = (performance.now() - started) / 1000;
    if (psql.status !== 0) throw new Error(`psql \\copy failed: ${psql.stderr}`);
    if ((await count(client)) !== ROWS) throw new Error("\\copy did not load every row");
    report(`psql \\copy of the same ${ROWS.toLocaleString("en-GB")} rows`, copySeconds, "s");
    report("API import time / \\copy time (target: 3 or less)", apiSeconds / copySeconds, "x");
  } finally {
    rmSync(file, { force: true });
    await client.query(`TRUNCATE "waitlist" RESTART IDENTITY CASCADE`).catch(() => undefined);
    await client.end();
  }
}
