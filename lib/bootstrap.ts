import { randomBytes } from "node:crypto";

import { AdminEmailTakenError, countAdmins, createAdmin } from "@/lib/data/admins";
import { databaseKind, getDb } from "@/lib/db";
import { isConnectionError } from "@/lib/db/errors";
import { env } from "@/lib/env";
import { createAdminSchema, type CreateAdminInput } from "@/lib/validation/admin";

/**
 * The development admin's address. It must pass the sign-in form's email rule (which wants a dotted
 * domain, so `admin@localhost` could never sign in); example.com is reserved for exactly this use.
 */
export const DEV_ADMIN_EMAIL = "admin@example.com";

/**
 * Makes sure someone can sign in: when there is no admin at all, creates ADMIN_EMAIL/ADMIN_PASSWORD,
 * or in development DEV_ADMIN_EMAIL with a random password printed once to the server log.
 */
export async function ensureFirstAdmin(log: (line: string) => void = console.log): Promise<void> {
  if ((await countAdmins()) > 0) return;
  const settings = env();
  if (settings.ADMIN_EMAIL && settings.ADMIN_PASSWORD) {
    const input = createAdminSchema.parse({
      name: settings.ADMIN_NAME ?? "Administrator",
      email: settings.ADMIN_EMAIL,
      password: settings.ADMIN_PASSWORD,
    });
    if (await createFirstAdmin(input))
      log(`[admin] Created the first admin ${input.email} from ADMIN_EMAIL/ADMIN_PASSWORD.`);
    return;
  }
  if (settings.NODE_ENV !== "development") {
    log("[admin] No admin exists yet. Set ADMIN_EMAIL and ADMIN_PASSWORD, or run `npm run admin:create`.");
    return;
  }
  // Through the same schema as every other admin, so the printed login always passes the sign-in form.
  const input = createAdminSchema.parse({
    name: "Local Admin",
    email: DEV_ADMIN_EMAIL,
    password: randomBytes(12).toString("base64url"),
  });
  if (!(await createFirstAdmin(input))) return;
  const line = "=".repeat(64);
  log(
    [
      "",
      line,
      "  First admin created (shown once; it is not stored anywhere in clear):",
      `    sign in at  /admin/login`,
      `    email       ${DEV_ADMIN_EMAIL}`,
      `    password    ${input.password}`,
      `  Lost it? npm run admin:create -- --email ${DEV_ADMIN_EMAIL} --name 'Local Admin'`,
      line,
      "",
    ].join("\n"),
  );
}

/**
 * Creates the first admin; false when another server instance starting at the same moment created it
 * first (the unique email decides), which is not a fault: someone can sign in either way.
 */
async function createFirstAdmin(input: CreateAdminInput): Promise<boolean> {
  try {
    await createAdmin(input);
    return true;
  } catch (error) {
    if (error instanceof AdminEmailTakenError) return false;
    throw error;
  }
}

/**
 * In production, says once at start when per-client limits may not see real client addresses: with no
 * proxy configured they use each connection's own address, which behind an undeclared proxy is the
 * proxy's, shared by every visitor.
 */
export function warnAboutClientAddresses(log: (line: string) => void = console.warn): void {
  const settings = env();
  if (settings.NODE_ENV !== "production" || settings.VERCEL === "1" || process.env.TRUSTED_PROXY_HOPS?.trim()) return;
  log(
    "[startup] TRUSTED_PROXY_HOPS is not set, so per-client limits (signups, sign-in failures, AI tests) use each " +
      "connection's own address. If a proxy or load balancer stands in front of this server, every visitor shares " +
      "its address and limits: set TRUSTED_PROXY_HOPS to the number of proxies (0 to silence this when there are none).",
  );
}

/** In production, says once at start that no email will go out while SMTP_URL is unset. */
export function warnAboutEmail(log: (line: string) => void = console.warn): void {
  const settings = env();
  if (settings.NODE_ENV !== "production" || settings.SMTP_URL) return;
  log(
    "[startup] SMTP_URL is not set, so no email is sent: confirmation emails wait in the outbox (/admin/emails) as not sent. " +
      "Set SMTP_URL (smtp://user:pass@host:587) and EMAIL_FROM to send them.",
  );
}

/** Server start: validates the environment, opens (and migrates) the embedded database, seeds the first admin. */
export async function bootstrap(): Promise<void> {
  env(); // throws a readable list of every invalid variable
  warnAboutClientAddresses();
  warnAboutEmail();
  try {
    if (databaseKind() === "embedded") await getDb().$queryRaw`SELECT 1`;
    await ensureFirstAdmin();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (isConnectionError(error)) {
      console.error(
        "[startup] The database is not reachable yet; pages that need it will answer 503 until it is.",
        reason,
      );
    } else {
      console.error("[startup] Could not make sure an admin exists (has `npm run db:migrate` run?):", reason);
    }
  }
}
