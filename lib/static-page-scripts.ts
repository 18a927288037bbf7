import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const RUNNABLE_TYPE = /^(|text\/javascript|application\/javascript|module)$/i;

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

let cached: { appDir: string; hashes: string[] } | undefined;

/**
 * The hashes of the inline scripts in every page the build prerendered (`<distDir>/server/app/**.html`):
 * those pages are served as files, so their scripts are known when the server starts and never change
 * until the next build. Read once per process; empty when nothing was prerendered (development).
 */
export function prerenderedScriptHashes(distDir = process.env.NEXT_DIST_DIR || ".next"): string[] {
  const appDir = path.resolve(distDir, "server", "app");
  if (cached?.appDir === appDir) return cached.hashes;
  const hashes = new Set<string>();
  let files: string[] = [];
  try {
    files = readdirSync(appDir, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".html"));
  } catch {
    // No build output here: nothing was prerendered.
  }
  for (const file of files) for (const hash of inlineScriptHashes(readFileSync(path.join(appDir, file), "utf8"))) hashes.add(hash);
  cached = { appDir, hashes: [...hashes].sort() };
  return cached.hashes;
}
