import { timingSafeEqual } from "node:crypto";

import { healthReport } from "@/lib/data/health";
import { getDb, serverStarted } from "@/lib/db";
import { env } from "@/lib/env";
import { HttpError, json, route } from "@/lib/http";

/** Whether the request carries `Authorization: Bearer $HEALTH_TOKEN` (false when no token is set). */
function withHealthToken(request: Request): boolean {
  const token = env().HEALTH_TOKEN;
  const given = request.headers.get("authorization");
  if (given === null) return false;
  if (!token) throw new HttpError(401, "Set HEALTH_TOKEN on the server to read the detailed health checks.");
  const expected = Buffer.from(`Bearer ${token}`);
  const offered = Buffer.from(given);
  if (offered.length !== expected.length || !timingSafeEqual(offered, expected))
    throw new HttpError(401, "The health token is not right.");
  return true;
}

/**
 * Liveness and database reachability, for uptime checks after a deploy: public, and only the status and the
 * database's. It waits for the server's start-up work (the embedded database opened, the first admin made), so
 * a server that answers here is ready to use. A monitor that sends `Authorization: Bearer $HEALTH_TOKEN` gets
 * every check of /admin/health, each red, amber or green with its fix.
 */
export const GET = route(async (request) => {
  const detailed = withHealthToken(request);
  await serverStarted();
  if (!detailed) {
    await getDb().$queryRaw`SELECT 1`;
    return json({ status: "ok", database: "ok" });
  }
  return json(await healthReport(), { headers: { "Cache-Control": "no-store" } });
});
