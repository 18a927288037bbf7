// The second half of `npm run build`: after `next build`, writes the hashes of the prerendered pages' inline
// scripts beside the proxy and lists that file in the proxy's trace (see writeStaticScriptHashes).
import { writeStaticScriptHashes } from "@/lib/build-output";

const distDir = process.env.NEXT_DIST_DIR || ".next";
const hashes = writeStaticScriptHashes(distDir);
console.log(
  `[build] ${hashes.length} inline script hashes of the prerendered pages written to ${distDir}/server/static-script-hashes.json`,
);
