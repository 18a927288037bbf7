// The statements a visit beacon runs in the app (lib/visits/count.ts), written out once for the framework
// floor the visits bench compares it with (the empty Next app).

/** The day's salt: made by the first to ask, read back by everyone else (once per day per process). */
export const SALT_SQL = `INSERT INTO "visit_salts" ("day", "salt") VALUES ($1::date, decode($2, 'hex'))
  ON CONFLICT ("day") DO UPDATE SET "salt" = "visit_salts"."salt" RETURNING encode("salt", 'hex') AS "salt"`;
/**
 * One visit: noted by its salted hash, counted if new for the day and source and if its network (a salted hash
 * of its address) has counted fewer than the cap ($5) today.
 */
export const COUNT_SQL = `SELECT "visit_count"($1::date, $2, decode($3, 'hex'), decode($4, 'hex'), $5::int) AS "counted"`;
/** VISITORS_PER_NETWORK_PER_DAY in lib/visits/count.ts. */
export const NETWORK_CAP = 3;
