import { randomBytes } from "node:crypto";

import { countAdmins, createAdmin } from "@/lib/data/admins";
import { databaseKind, getDb } from "@/lib/db";
import { isConnectionError } from "@/lib/db/errors";
import { env } from "@/lib/env";
import { createAdminSchema } from "@/lib/validation/admin";

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
    await createAdmin(input);
    log(`[admin] Created the first admin ${input.email} from ADMIN_EMAIL/ADMIN_PASSWORD.`);
    return;
  }
  if (settings.NODE_ENV !== "development") {
    log("[admin] No admin exists yet. Set ADMIN_EMAIL and ADMIN_PASSWORD, or run `npm run admin:create`.");
    return;
  }
  // Through the same schema as every other admin, so the printed login always passes the sign-in form.
  const input = createAdminSchema.parse({ name: "Local Admin", email: DEV_ADMIN_EMAIL, password: randomBytes(12).toString("base64url") });
  await createAdmin(input);
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

/** Server start: validates the environment, opens (and migrates) the embedded database, seeds the first admin. */
export async function bootstrap(): Promise<void> {
  env(); // throws a readable list of every invalid variable
  try {
    if (databaseKind() === "embedded") await getDb().$queryRaw`SELECT 1`;
    await ensureFirstAdmin();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (isConnectionError(error)) {
      console.error("[startup] The database is not reachable yet; pages that need it will answer 503 until it is.", reason);
    } else {
      console.error("[startup] Could not make sure an admin exists (has `npm run db:migrate` run?):", reason);
    }
  }
}
