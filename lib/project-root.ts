import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A path inside the project's folder, wherever the server was started from: `next start /path/to/project`
 * may run in any working directory. In the built server `import.meta.url` is this module's place under the
 * project folder as it is at run time (a bundle's `__dirname` is fixed when it is built), and on Vercel the
 * function's folder mirrors the project's.
 */
export function projectPath(...segments: string[]): string {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), "..", ...segments);
}
