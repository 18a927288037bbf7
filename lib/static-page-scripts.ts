import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

import { projectPath } from "@/lib/project-root";

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const RUNNABLE_TYPE = /^(|text\/javascript|application\/javascript|module)$/i;

/** Where the build writes the hashes, inside `<distDir>/server/`: beside the proxy, and listed in its trace. */
export const STATIC_SCRIPT_HASHES_FILE = "static-script-hashes.json";

/**
 * The base64 SHA-256 of every inline script in `html` that a browser would run (no `src`, and no data type
 * such as application/ld+json), in the form a CSP hash source takes.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? "";
    if (!RUNNABLE_TYPE.test(type)) continue;
    hashes.add(createHash("sha256").update(body, "utf8").digest("base64"));
  }
  return [...hashes];
}

let cached: { file: string; hashes: string[] | null } | undefined;

/**
 * The hashes of the inline scripts of every page the build prerendered, read once per process from the
 * file the build wrote beside the proxy; null when there is none (a build made by `next build` alone, or
 * development). The file is found from the project's folder, not the working directory, so a server started
 * from anywhere (`next start /path/to/project`) finds it.
 */
export function prerenderedScriptHashes(
  distDir = process.env.NEXT_DIST_DIR || ".next",
  projectRoot = projectPath(),
): string[] | null {
  const file = path.resolve(projectRoot, distDir, "server", STATIC_SCRIPT_HASHES_FILE);
  if (cached?.file === file) return cached.hashes;
  let hashes: string[] | null = null;
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as { hashes?: unknown };
    if (Array.isArray(parsed.hashes) && parsed.hashes.every((hash) => typeof hash === "string")) hashes = parsed.hashes;
  } catch {
    // Not written: the proxy falls back to a policy that cannot block the page's own scripts.
  }
  if (hashes === null && process.env.NODE_ENV === "production") {
    console.warn(
      `[csp] ${file} is missing, so prerendered pages allow inline scripts without their hashes. Build with \`npm run build\`, which writes it.`,
    );
  }
  cached = { file, hashes };
  return hashes;
}
