// The personal status page's lookup with a million waitlist entries (BENCH_STATUS_ROWS), a tenth of them
// referred by someone: GET /waitlist/status?token=… through the production server, each token once (the
// server keeps a place in memory for 15 s per entry, so every request here is a first one), a few in flight;
// then the place's SQL alone, `waitlist_place(lineOrder)` through pg, across the line and at its back, where
// a count-based place reads the most. Target: the lookup's p95 under 20 ms. Measures and prints only.
// Also checks that each page shows the place the line's order gives (a window function over the same rows).
import { createHash, randomBytes } from "node:crypto";

const ROWS = Number(process.env.BENCH_STATUS_ROWS ?? 1_000_000);
const TOKENS = Number(process.env.BENCH_STATUS_TOKENS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_STATUS_CONCURRENCY ?? 4);
/** The back of the line: its last 2%, where a place counts nearly everyone ahead. */
const BACK_SHARE = 0.02;

/** As lib/email/tokens.ts: a link's token is stored only as the hex SHA-256 of its UTF-8 bytes. */
const hashToken = (token) => createHash("sha256").update(token, "utf8").digest("hex");
/** As lib/email/tokens.ts newToken(): 32 random bytes in base64url. */
const newToken = () => randomBytes(32).toString("base64url");

// The seed, in join order i = 1..N, 29 s apart up to now. The oldest tenth was invited (a fifth of them
// accepted), which is the front of the line; of the rest, about 70% confirmed (by a hash of i, so that
// confirming does not line up with the referral pattern below). Confirmation numbers follow the order of
// confirmation, as the sequence would have given them.
// Every i ≡ 3 (mod 10) was referred: these referred rows are dealt in runs of 41 to ten referrers at a time,
// with 1, 1, 1, 1, 2, 2, 3, 5, 10 and 15 friends each, so most referrers have one or two credits and some
// more than REFERRAL_MAX. A referrer is the row just before its first friend (i ≡ 1), so it joined first,
// and no referrer was itself referred. Its friends confirm within a few hours of each other, fewer than the
// daily cap of 20, and nobody shares a network or an email domain, so a friend's referral is credited exactly
// when both confirmed ('referrer-unconfirmed' when only the friend did), as waitlist_line_on_confirm decides.
const SEED_PLAN_SQL = `
CREATE TEMP TABLE "status_seed" AS
SELECT i, t, invited, invited AND i % 5 = 0 AS accepted, confirmed, referrer,
       CASE WHEN confirmed THEN $2::bigint + count(*) FILTER (WHERE confirmed) OVER (ORDER BY i) END AS seq
FROM (
  SELECT i, now() - ($1::int - i) * interval '29 seconds' AS t, i <= $1::int / 10 AS invited,
         i <= $1::int / 10 OR mod(hashint4(i)::bigint + 2147483648, 10) < 7 AS confirmed,
         CASE WHEN i % 10 = 3 THEN 10 * (41 * ((i / 10) / 41) + (
           SELECT max(c) FROM unnest(ARRAY[0, 1, 2, 3, 4, 6, 8, 11, 16, 26]) AS c WHERE c <= (i / 10) % 41)) + 1
         END AS referrer
  FROM generate_series(1, $1::int) AS i
) AS s;
CREATE TEMP TABLE "status_seed_credits" AS
SELECT f.referrer AS i, count(*)::int AS credits
FROM "status_seed" AS f JOIN "status_seed" AS r ON r.i = f.referrer
WHERE f.confirmed AND r.confirmed GROUP BY f.referrer;
ANALYZE "status_seed";
ANALYZE "status_seed_credits";`;

/** The columns both inserts share. */
// Each at a domain of its own: the rule credits a referrer one friend a day from any one company's domain.
const SEED_COLUMNS = `'Status Seed ' || s.i, 'status.seed.' || s.i || '@s' || s.i || '.bench.example',
       (ARRAY['trades','cleaning','beauty','car','handyman','therapy','tutoring','other'])[1 + (s.i * 7) % 8],
       (ARRAY['1','2-5','6-10','11+'])[1 + (s.i / 8) % 4],
       s.t, s.t,
       CASE WHEN s.confirmed THEN s.t + interval '20 minutes' END,
       CASE WHEN NOT s.invited THEN 'waiting' WHEN s.accepted THEN 'accepted' ELSE 'invited' END,
       CASE WHEN s.invited THEN s.t + interval '30 days' END,
       CASE WHEN s.accepted THEN s.t + interval '31 days' END,
       s.seq`;

// Through the triggers, as a signup's rows would: the counter, the overview's daily sums and the line's
// insert trigger, which keeps the given confirmation number and works out "lineKey" from "referralCredits"
// under the rule in waitlist_line_settings. The referrers go in first, with the credits their friends will
// earn; the friends go in with their referral already decided, which the trigger leaves as it is (it
// credits a referrer only when "referralCredit" is still null), so nobody is credited twice.
const SEED_REFERRERS_SQL = `
INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "joinedAt", "consentedAt", "confirmedAt",
                        "status", "invitedAt", "acceptedAt", "confirmSeq", "referralCredits")
SELECT ${SEED_COLUMNS}, COALESCE(c.credits, 0)
FROM "status_seed" AS s LEFT JOIN "status_seed_credits" AS c ON c.i = s.i
WHERE s.referrer IS NULL ORDER BY s.i`;

const SEED_REFERRED_SQL = `
INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "joinedAt", "consentedAt", "confirmedAt",
                        "status", "invitedAt", "acceptedAt", "confirmSeq", "referredById", "referralCredit", "referralCheckedAt")
SELECT ${SEED_COLUMNS}, w."id",
       CASE WHEN s.confirmed THEN CASE WHEN r.confirmed THEN 'credited' ELSE 'referrer-unconfirmed' END END,
       CASE WHEN s.confirmed THEN s.t + interval '20 minutes' END
FROM "status_seed" AS s
JOIN "status_seed" AS r ON r.i = s.referrer
JOIN "waitlist" AS w ON w."email" = 'status.seed.' || s.referrer || '@s' || s.referrer || '.bench.example'
ORDER BY s.i`;

/**
 * The whole table against the rule: every confirmed entry's key is its number less `places` per credit (at
 * most `maxCredits`), and every entry's credits are its friends whose referral was credited.
 */
const CONSISTENCY_SQL = `
SELECT
  (SELECT count(*) FROM "waitlist" AS w, "waitlist_line_settings" AS s
   WHERE s."id" = 1 AND w."confirmSeq" IS NOT NULL
     AND w."lineKey" IS DISTINCT FROM w."confirmSeq" - s."places"::bigint * LEAST(w."referralCredits", s."maxCredits"))::int AS "badKeys",
  (SELECT count(*) FROM "waitlist" AS w
   LEFT JOIN (SELECT "referredById" AS id, count(*)::int AS n FROM "waitlist" WHERE "referralCredit" = 'credited' GROUP BY 1) AS f
     ON f.id = w."id"
   WHERE w."referralCredits" <> COALESCE(f.n, 0))::int AS "badCredits"`;

/**
 * A sample of referrers worked out again by the trigger itself, in a transaction that is rolled back: their
 * credits and keys reset, their friends unconfirmed and confirmed again (same time, same number), so
 * waitlist_line_on_confirm credits each referral as it would have. Returns how many referrers and friends
 * were checked and how many differ from the seed.
 */
async function recheckWithTrigger(client, sample) {
  await client.query("BEGIN");
  try {
    await client.query(
      `CREATE TEMP TABLE "status_recheck" ON COMMIT DROP AS
       SELECT "id", "referralCredits", "lineKey" FROM "waitlist"
       WHERE "id" IN (SELECT DISTINCT "referredById" FROM "waitlist" WHERE "email" LIKE 'status.seed.%' AND "referredById" IS NOT NULL)
       ORDER BY hashint4("id") LIMIT ${Math.trunc(sample)}`,
    );
    await client.query(
      `CREATE TEMP TABLE "status_recheck_friends" ON COMMIT DROP AS
       SELECT f."id", f."confirmedAt", f."referralCredit" FROM "waitlist" AS f JOIN "status_recheck" AS r ON f."referredById" = r."id"
       WHERE f."confirmedAt" IS NOT NULL`,
    );
    await client.query(
      `UPDATE "waitlist" SET "referralCredits" = 0, "lineKey" = "confirmSeq" WHERE "id" IN (SELECT "id" FROM "status_recheck")`,
    );
    await client.query(
      `UPDATE "waitlist" AS w SET "confirmedAt" = NULL, "referralCredit" = NULL, "referralCheckedAt" = NULL
       FROM "status_recheck_friends" AS f WHERE w."id" = f."id"`,
    );
    await client.query(
      `UPDATE "waitlist" AS w SET "confirmedAt" = f."confirmedAt" FROM "status_recheck_friends" AS f WHERE w."id" = f."id"`,
    );
    const { rows } = await client.query(
      `SELECT
         (SELECT count(*) FROM "status_recheck")::int AS "referrers",
         (SELECT count(*) FROM "status_recheck" WHERE "referralCredits" > (SELECT "maxCredits" FROM "waitlist_line_settings" WHERE "id" = 1))::int AS "overMax",
         (SELECT count(*) FROM "status_recheck" AS r JOIN "waitlist" AS w USING ("id")
          WHERE (w."referralCredits", w."lineKey") IS DISTINCT FROM (r."referralCredits", r."lineKey"))::int AS "badReferrers",
         (SELECT count(*) FROM "status_recheck_friends")::int AS "friends",
         (SELECT count(*) FROM "status_recheck_friends" AS f JOIN "waitlist" AS w USING ("id")
          WHERE w."referralCredit" IS DISTINCT FROM f."referralCredit")::int AS "badFriends"`,
    );
    return rows[0];
  } finally {
    await client.query("ROLLBACK");
  }
}

async function seed(client, report) {
  const started = performance.now();
  const { rows: sequence } = await client.query(`SELECT "last_value", "is_called" FROM "waitlist_confirm_seq"`);
  const base = sequence[0].is_called ? String(sequence[0].last_value) : "0";
  await client.query(SEED_PLAN_SQL.replaceAll("$1", String(Math.trunc(ROWS))).replaceAll("$2", base));
  await client.query(SEED_REFERRERS_SQL);
  await client.query(SEED_REFERRED_SQL);
  // Confirmations after the seed continue from its last number.
  await client.query(
    `SELECT setval('waitlist_confirm_seq', m) FROM (SELECT max("confirmSeq") AS m FROM "waitlist") AS s WHERE m IS NOT NULL`,
  );
  await client.query(`DROP TABLE "status_seed", "status_seed_credits"`);
  report(
    "seed (set-based INSERT … SELECT through the triggers, referrers then referred)",
    (performance.now() - started) / 1000,
    "s",
  );

  const consistency = (await client.query(CONSISTENCY_SQL)).rows[0];
  report(
    "every key and credit count follows the rule (whole table)",
    consistency.badKeys === 0 && consistency.badCredits === 0
      ? "yes"
      : `NO (${consistency.badKeys} keys, ${consistency.badCredits} credit counts differ)`,
  );
  const recheck = await recheckWithTrigger(client, 300);
  report(
    `sample re-credited by the trigger (${recheck.referrers} referrers, ${recheck.overMax} over the cap; ${recheck.friends} friends) matches the seed`,
    recheck.badReferrers === 0 && recheck.badFriends === 0
      ? "yes"
      : `NO (${recheck.badReferrers} referrers, ${recheck.badFriends} friends differ)`,
  );
  // A long-lived table is vacuumed by autovacuum; do it now rather than wait for it.
  await client.query(`VACUUM ANALYZE "waitlist"`);
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

const sortedNumbers = (values) => [...values].sort((a, b) => a - b);
const p50p95 = (timings) => {
  if (timings.length === 0) return "none";
  const sorted = sortedNumbers(timings);
  return `${percentile(sorted, 0.5).toFixed(1)} / ${percentile(sorted, 0.95).toFixed(1)}`;
};

/** A fixed shuffle, so front and back of the line are mixed in every run the same way. */
function shuffled(items) {
  const result = [...items];
  let state = 12345;
  for (let index = result.length - 1; index > 0; index--) {
    state = (state * 48271) % 2147483647;
    const other = state % (index + 1);
    [result[index], result[other]] = [result[other], result[index]];
  }
  return result;
}

/**
 * The entries to open: places evenly spread over the whole line (front to back), more at its back, and
 * some entries out of the line (unconfirmed, invited, accepted). Each in-line entry comes with the place
 * the line's order gives it: lowest key first, and on one key the later number first.
 */
async function sampleEntries(client) {
  const lineLength = Number(
    (await client.query(`SELECT count(*) AS n FROM "waitlist" WHERE "status" = 'waiting' AND "confirmSeq" IS NOT NULL`))
      .rows[0].n,
  );
  const outside = Math.round(TOKENS * 0.15);
  const back = Math.round(TOKENS * 0.1);
  const spread = TOKENS - outside - back;
  const wanted = new Set();
  for (let k = 0; k < spread; k++) wanted.add(1 + Math.round((k * (lineLength - 1)) / Math.max(1, spread - 1)));
  const backStart = Math.max(1, lineLength - Math.floor(lineLength * BACK_SHARE) + 1);
  for (let k = 0; k < back; k++)
    wanted.add(backStart + Math.round((k * (lineLength - backStart)) / Math.max(1, back - 1)));
  const { rows: inLine } = await client.query(
    `SELECT "id", "lineOrder"::text AS "order", "place"::int AS "place"
     FROM (SELECT "id", "lineOrder", row_number() OVER (ORDER BY "lineKey", "confirmSeq" DESC) AS "place"
           FROM "waitlist" WHERE "status" = 'waiting' AND "confirmSeq" IS NOT NULL) AS l
     WHERE "place" = ANY($1::bigint[])`,
    [[...wanted]],
  );
  const { rows: out } = await client.query(
    `(SELECT "id", 'unconfirmed' AS "kind" FROM "waitlist" WHERE "status" = 'waiting' AND "confirmSeq" IS NULL ORDER BY hashint4("id") LIMIT $1)
     UNION ALL
     (SELECT "id", "status" AS "kind" FROM "waitlist" WHERE "status" <> 'waiting' ORDER BY hashint4("id") LIMIT $2)`,
    [Math.ceil(outside / 2), Math.floor(outside / 2)],
  );
  return {
    lineLength,
    backStart,
    entries: [
      ...inLine.map((row) => ({ ...row, kind: "in line", back: row.place >= backStart })),
      ...out.map((row) => ({ ...row, place: null, back: false })),
    ],
  };
}

/** What the status page says, read from its HTML: the place and line length, or which other message. */
function readPage(html) {
  const place = /#([\d,]+) of ([\d,]+)/.exec(html);
  if (place) return { kind: "in line", place: Number(place[1].replaceAll(",", "")) };
  if (html.includes("early access is waiting")) return { kind: "invited" };
  if (html.includes("accepted your invitation")) return { kind: "accepted" };
  if (html.includes("Confirm your email to get your place")) return { kind: "unconfirmed" };
  return { kind: "something else" };
}

/** Opens each entry's status page once, `CONCURRENCY` in flight; returns the timings and what each page showed. */
async function openPages(baseUrl, entries) {
  let next = 0;
  const results = [];
  async function worker() {
    while (next < entries.length) {
      const entry = entries[next++];
      const started = performance.now();
      const response = await fetch(`${baseUrl}/waitlist/status?token=${entry.token}`);
      const html = await response.text();
      const ms = performance.now() - started;
      if (response.status !== 200) throw new Error(`/waitlist/status: ${response.status}`);
      results.push({ entry, ms, shown: readPage(html) });
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return results;
}

export default async function bench({ baseUrl, databaseUrl, schema, report, pg }) {
  const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema},public` });
  await client.connect();
  try {
    await seed(client, report);
    const { rows: counts } = await client.query(
      `SELECT count(*)::int AS "total",
              count(*) FILTER (WHERE "status" = 'waiting' AND "confirmSeq" IS NOT NULL)::int AS "inLine",
              count(*) FILTER (WHERE "confirmSeq" IS NULL)::int AS "unconfirmed",
              count(*) FILTER (WHERE "status" = 'invited')::int AS "invited",
              count(*) FILTER (WHERE "status" = 'accepted')::int AS "accepted",
              count("referredById")::int AS "referred",
              count(*) FILTER (WHERE "referralCredit" = 'credited')::int AS "credited",
              count(*) FILTER (WHERE "referralCredits" > 0)::int AS "referrers",
              count(*) FILTER (WHERE "referralCredits" > (SELECT "maxCredits" FROM "waitlist_line_settings" WHERE "id" = 1))::int AS "overMax"
       FROM "waitlist"`,
    );
    const c = counts[0];
    report("entries in the table", c.total, "rows");
    report(
      "in line / unconfirmed / invited / accepted",
      `${c.inLine} / ${c.unconfirmed} / ${c.invited} / ${c.accepted}`,
      "entries",
    );
    report(
      "referred / credited / referrers with credits / of them over REFERRAL_MAX",
      `${c.referred} / ${c.credited} / ${c.referrers} / ${c.overMax}`,
      "entries",
    );

    const { lineLength, backStart, entries } = await sampleEntries(client);
    for (const entry of entries) entry.token = newToken();
    // A handful more, to warm the server (the rule's check, the page's code, the pool) before measuring.
    const { rows: warmRows } = await client.query(
      `SELECT "id" FROM "waitlist" WHERE "status" = 'waiting' AND "confirmSeq" IS NOT NULL AND NOT ("id" = ANY($1::int[]))
       ORDER BY hashint4("id") LIMIT 30`,
      [entries.map((entry) => entry.id)],
    );
    const warm = warmRows.map((row) => ({ id: row.id, token: newToken(), kind: "warm" }));
    const all = [...entries, ...warm];
    await client.query(
      `INSERT INTO "waitlist_tokens" ("tokenHash", "entryId", "purpose") SELECT * FROM unnest($1::text[], $2::int[], $3::text[])`,
      [all.map((entry) => hashToken(entry.token)), all.map((entry) => entry.id), all.map(() => "status")],
    );
    const inLine = entries.filter((entry) => entry.kind === "in line");
    report(
      "status tokens opened (in line, of them at the back / out of the line)",
      `${inLine.length}, ${inLine.filter((entry) => entry.back).length} / ${entries.length - inLine.length}`,
      "tokens",
    );
    report(`line length; the back is places from`, `${lineLength}; ${backStart}`);

    // (a) The page, through the app.
    await openPages(baseUrl, warm);
    const pages = await openPages(baseUrl, shuffled(entries));
    report(`status page p50 / p95, each token once (${CONCURRENCY} in flight)`, p50p95(pages.map((r) => r.ms)), "ms");
    report(
      "status page p50 / p95, in line",
      p50p95(pages.filter((r) => r.entry.kind === "in line").map((r) => r.ms)),
      "ms",
    );
    report("status page p50 / p95, back of the line", p50p95(pages.filter((r) => r.entry.back).map((r) => r.ms)), "ms");
    report(
      "status page p50 / p95, out of the line (unconfirmed, invited, accepted)",
      p50p95(pages.filter((r) => r.entry.kind !== "in line").map((r) => r.ms)),
      "ms",
    );
    const wrong = pages.filter(
      (r) => r.shown.kind !== r.entry.kind || (r.entry.place !== null && r.shown.place !== r.entry.place),
    );
    report(
      "every page shows the place the line's order gives (or the right message)",
      wrong.length === 0
        ? "yes"
        : `NO (${wrong.length} of ${pages.length}, e.g. ${JSON.stringify({ expected: { kind: wrong[0].entry.kind, place: wrong[0].entry.place }, shown: wrong[0].shown })})`,
    );

    // (b) The place's SQL alone, one lookup at a time, as the page's query sends it.
    const lookup = `SELECT "waitlist_place"($1::bigint) AS "place"`;
    for (const entry of inLine.slice(0, 20)) await client.query(lookup, [entry.order]);
    const lookups = [];
    for (const entry of shuffled(inLine)) {
      const started = performance.now();
      const { rows } = await client.query(lookup, [entry.order]);
      lookups.push({ entry, ms: performance.now() - started, place: rows[0].place });
    }
    report("target", "the lookup's p95 under 20 ms");
    report(`SQL lookup p50 / p95, ${lookups.length} entries across the line`, p50p95(lookups.map((r) => r.ms)), "ms");
    const backLookups = lookups.filter((r) => r.entry.back);
    report(
      `SQL lookup p50 / p95, ${backLookups.length} entries at the back of the line (worst case)`,
      p50p95(backLookups.map((r) => r.ms)),
      "ms",
    );
    const wrongLookups = lookups.filter((r) => r.place !== r.entry.place).length;
    report(
      "every lookup equals the place the line's order gives",
      wrongLookups === 0 ? "yes" : `NO (${wrongLookups} of ${lookups.length})`,
    );
  } finally {
    await client.end();
  }
}
