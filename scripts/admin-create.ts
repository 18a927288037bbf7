// Creates an admin (or resets an existing one's name and password and reactivates it):
//   npm run admin:create -- --email you@example.com --name "Your Name" [--password ...] [--role admin|member|viewer]
// A missing password is asked for on the terminal, without echo. A new admin without --role has full rights.

import { runAdminCreate } from "@/lib/cli/admin-create";
import { closeDb } from "@/lib/db";

runAdminCreate(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  })
  .finally(() => closeDb());
