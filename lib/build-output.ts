import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { inlineScriptHashes, STATIC_SCRIPT_HASHES_FILE } from "@/lib/static-page-scripts";

// Build-time only: the app never imports this module, so nothing here lands in the proxy's bundle.

/**
 * After `next build`: hashes the inline scripts of every page the build prerendered
 * (`<distDir>/server/app/**.html`) into `<distDir>/server/static-script-hashes.json`, and adds that file to
 * the proxy's trace (`middleware.js.nft.json`), the list of files a platform ships with the proxy. The proxy
 * is compiled before the pages are prerendered, so it cannot carry the hashes in its code; this way it reads
 * them from a file that travels with it, on Vercel as under `next start`. Returns the hashes written.
 */
export function writeStaticScriptHashes(distDir: string): string[] {
  const serverDir = path.join(distDir, "server");
  const appDir = path.join(serverDir, "app");
  const hashes = new Set<string>();
  const pages = readdirSync(appDir, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".html"));
  for (const page of pages)
    for (const hash of inlineScriptHashes(readFileSync(path.join(appDir, page), "utf8"))) hashes.add(hash);
  const sorted = [...hashes].sort();
  writeFileSync(
    path.join(serverDir, STATIC_SCRIPT_HASHES_FILE),
    `${JSON.stringify({ pages: pages.sort(), hashes: sorted }, null, 2)}\n`,
  );

  const tracePath = path.join(serverDir, "middleware.js.nft.json");
  const trace = JSON.parse(readFileSync(tracePath, "utf8")) as { files: string[] };
  if (!trace.files.includes(STATIC_SCRIPT_HASHES_FILE)) {
    trace.files.push(STATIC_SCRIPT_HASHES_FILE);
    writeFileSync(tracePath, JSON.stringify(trace));
  }
  return sorted;
}
