// Resets an admin's second factor (app, passkeys, recovery codes) and ends their sessions, after asking:
//   npm run admin:reset-second-factor -- --email you@example.com
// For a business with one admin, who has no other admin to ask. Audited, and the admin is emailed.

import { runAdminResetSecondFactor } from "@/lib/cli/admin-reset-second-factor";
import { closeDb } from "@/lib/db";

runAdminResetSecondFactor(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  })
  .finally(() => closeDb());
