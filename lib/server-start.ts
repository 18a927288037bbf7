import "server-only";

import { bootstrap } from "@/lib/bootstrap";
import { env } from "@/lib/env";
import { startSweeping } from "@/lib/maintenance";

/**
 * What a server that serves pages and routes does once, on its first use of the database: checks the
 * environment, opens (and migrates) the embedded database, makes sure someone can sign in, and, where the
 * process stays up, starts the sweeps that send email and clean up. On Vercel the cron route sweeps instead.
 * It never runs in the proxy, which has no database.
 */
export async function startServer(): Promise<void> {
  await bootstrap();
  if (env().VERCEL !== "1") startSweeping();
}
