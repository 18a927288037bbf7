import { getDb, serverStarted } from "@/lib/db";
import { json, route } from "@/lib/http";

/**
 * Liveness and database reachability, for uptime checks after a deploy. It waits for the server's start-up
 * work (the embedded database opened, the first admin made), so a server that answers here is ready to use.
 */
export const GET = route(async () => {
  await serverStarted();
  await getDb().$queryRaw`SELECT 1`;
  return json({ status: "ok", database: "ok" });
});
