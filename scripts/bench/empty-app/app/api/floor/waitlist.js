// The framework floor for the waitlist bench: a route handler in an otherwise empty Next app doing the
// app's SQL through pg, with no proxy, no Prisma, no zod. The bench copies waitlist-sql.mjs beside it.
import { COUNT_SQL, INSERT_SQL, RATE_LIMIT_SQL } from "./waitlist-sql.mjs";
import pg from "pg";

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 10,
  options: `-c search_path=${process.env.DATABASE_SCHEMA},public`,
});
const TYPES = new Set(["trades", "cleaning", "beauty", "car", "handyman", "therapy", "tutoring", "other"]);
const SIZES = new Set(["1", "2-5", "6-10", "11+"]);

export async function count() {
  const { rows } = await pool.query(COUNT_SQL);
  return Response.json({ count: Number(rows[0].count) });
}

export async function signup(request) {
  const body = await request.json();
  const name = typeof body.name === "string" ? body.name.trim() : "";
  const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
  if (
    name.length < 2 ||
    !email.includes("@") ||
    !TYPES.has(body.businessType) ||
    !SIZES.has(body.employees) ||
    body.agreedToTerms !== true
  ) {
    return Response.json({ message: "invalid" }, { status: 400 });
  }
  const now = Date.now();
  const start = Math.floor(now / 60_000) * 60_000;
  const ip = String(request.headers.get("x-forwarded-for") ?? "unknown")
    .split(",")
    .at(-1)
    .trim();
  for (const key of [`waitlist:ip:${ip}`, "waitlist:all"]) {
    const { rows } = await pool.query(RATE_LIMIT_SQL, [key, new Date(start), new Date(start + 60_000)]);
    if (Number(rows[0].count) > (key === "waitlist:all" ? 10_000_000 : 5))
      return Response.json({ message: "slow down" }, { status: 429 });
  }
  await pool.query(INSERT_SQL, [name, email, body.businessType, body.employees, new Date()]);
  return Response.json({ message: "ok" }, { status: 201 });
}
