// The statements a signup and a count request run in the app, written out once for the two servers the
// waitlist bench compares it with: the bare node:http server and the framework floor (the empty Next app).

/** The fixed-window counter behind every rate limit (lib/rate-limit.ts). */
export const RATE_LIMIT_SQL = `INSERT INTO "rate_limits" ("key", "windowStart", "count", "expiresAt") VALUES ($1, $2, 1, $3)
  ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "rate_limits"."count" + 1 RETURNING "count"`;
/** A signup: a repeat one changes nothing (lib/data/waitlist/signups.ts). */
export const INSERT_SQL = `INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "consentedAt") VALUES ($1, $2, $3, $4, $5)
  ON CONFLICT ("email") DO NOTHING`;
/** The count, from the trigger-kept counter slots. */
export const COUNT_SQL = `SELECT COALESCE(SUM("count"), 0)::bigint AS "count" FROM "waitlist_counter"`;
