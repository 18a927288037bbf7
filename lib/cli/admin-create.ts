import { parseArgs } from "node:util";

import { upsertAdmin } from "@/lib/data/admins";
import { createAdminSchema } from "@/lib/validation/admin";

const USAGE =
  'Usage: npm run admin:create -- --email you@example.com --name "Your Name" [--password ...] [--role admin|member|viewer]';

/** Reads a line from the terminal without echoing it. */
async function promptHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  if (!stdin.isTTY) throw new Error("No --password given and no terminal to ask on.");
  stdout.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    let value = "";
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") {
          cleanup();
          stdout.write("\n");
          resolve(value);
          return;
        }
        if (char === "\u0003") {
          cleanup();
          reject(new Error("Cancelled."));
          return;
        }
        value = char === "\u007f" ? value.slice(0, -1) : value + char;
      }
    };
    const cleanup = () => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
    };
    stdin.on("data", onData);
  });
}

/**
 * The admin:create command: validates with the same schema as the API (`--role` is admin, member or
 * viewer; admin when left out), then creates the admin or resets an existing one. Returns the process exit code.
 */
export async function runAdminCreate(
  argv: string[],
  io: { log: (line: string) => void; error: (line: string) => void; ask: (question: string) => Promise<string> } = {
    log: console.log,
    error: console.error,
    ask: promptHidden,
  },
): Promise<number> {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        email: { type: "string" },
        name: { type: "string" },
        password: { type: "string" },
        role: { type: "string" },
      },
      strict: true,
    });
    const password = values.password ?? (await io.ask("Password (at least 8 characters): "));
    // Without --role a new admin has full rights, and an existing one keeps the role they have.
    const parsed = createAdminSchema.safeParse({
      email: values.email ?? "",
      name: values.name ?? "",
      password,
      role: values.role,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) io.error(`${issue.path.join(".")}: ${issue.message}`);
      io.error(USAGE);
      return 1;
    }
    const { admin, created } = await upsertAdmin(parsed.data);
    io.log(
      created
        ? `Created admin ${admin.email} (role: ${admin.role}).`
        : `Updated admin ${admin.email}: new name and password, active (role: ${admin.role}).`,
    );
    return 0;
  } catch (error) {
    io.error(error instanceof Error ? error.message : String(error));
    io.error(USAGE);
    return 1;
  }
}
