// The framework floor for the visits bench: a route handler in an otherwise empty Next app doing what the
// app's beacon does in the database (the day's salt once, then one call per visit) through pg, with the same
// hash, and no proxy, no Prisma, no zod, no bot or admin check. The bench copies visit-sql.mjs beside it.
import { createHash, randomBytes } from "node:crypto";
import { COUNT_SQL, NETWORK_CAP, SALT_SQL } from "./visit-sql.mjs";
import pg from "pg";

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 10,
  options: `-c search_path=${process.env.DATABASE_SCHEMA},public`,
});

let current;

export async function POST(request) {
  const body = JSON.parse(await request.text());
  const source = (typeof body.utmSource === "string" && body.utmSource.trim().toLowerCase()) || "direct";
  const day = new Date().toISOString().slice(0, 10);
  if (current?.day !== day) {
    current = {
      day,
      salt: pool
        .query(SALT_SQL, [day, randomBytes(32).toString("hex")])
        .then(({ rows }) => Buffer.from(rows[0].salt, "hex")),
    };
  }
  const address = String(request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .at(-1)
    .trim();
  const salt = await current.salt;
  const hash = createHash("sha256")
    .update(salt)
    .update(address)
    .update("\n")
    .update(request.headers.get("user-agent") ?? "")
    .digest("hex");
  // The bench's addresses are IPv4, which the app's network key leaves as they are.
  const network = createHash("sha256").update(salt).update("network\n").update(address).digest("hex");
  await pool.query(COUNT_SQL, [day, source, hash, network, NETWORK_CAP]);
  return new Response(null, { status: 204 });
}
