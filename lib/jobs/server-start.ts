import "server-only";

import { bootstrap } from "@/lib/bootstrap";
import { applyLineSettings } from "@/lib/data/waitlist/line";
import { env } from "@/lib/env";
// Sets the global the framework's onRequestError hook records through (see instrumentation.ts).
import "@/lib/errors/record";

import { startSweeping } from "@/lib/jobs/maintenance";

/**
 * What a server that serves pages and routes does once, on its first use of the database: checks the
 * environment, opens (and migrates) the embedded database, makes sure someone can sign in, brings the line's
 * rule in line with this environment, and, where the process stays up, starts the sweeps that send email and
 * clean up. On Vercel the cron route sweeps instead. It never runs in the proxy, which has no database.
 */
export async function startServer(): Promise<void> {
  await bootstrap();
  try {
    // Usually done already by the deploy's migration step; a server started without one (the embedded
    // database, a changed REFERRAL_* with no migration) sets it here, before its sweeps run.
    await applyLineSettings();
  } catch (error) {
    console.error(
      "[startup] Could not set the line's rule from REFERRAL_*:",
      error instanceof Error ? error.message : error,
    );
  }
  if (env().VERCEL !== "1") startSweeping();
}
