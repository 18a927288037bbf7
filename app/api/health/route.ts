import { getDb } from "@/lib/db";
import { json, route } from "@/lib/http";

/** Liveness and database reachability, for uptime checks after a deploy. */
export const GET = route(async () => {
  await getDb().$queryRaw`SELECT 1`;
  return json({ status: "ok", database: "ok" });
});
