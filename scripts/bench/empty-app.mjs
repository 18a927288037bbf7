// Builds and starts scripts/bench/empty-app on its own, in a temporary folder with a hard-linked copy of
// node_modules (Turbopack will not compile outside its root, and inside ours it would pick up our
// proxy.ts), so the floor is a truly empty app on the same Next version: an empty page for the landing
// bench, and two route handlers doing the waitlist's SQL through pg for the waitlist bench, and one doing a visit's for
// the visits bench.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** Starts the empty app on `port`; `env` reaches its server (DATABASE_URL and DATABASE_SCHEMA for the floor routes). */
export async function startEmptyApp(port, env = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "otto-empty-next-"));
  cpSync(path.join("scripts", "bench", "empty-app"), dir, { recursive: true });
  cpSync(path.join("scripts", "bench", "waitlist-sql.mjs"), path.join(dir, "app", "api", "floor", "waitlist-sql.mjs"));
  cpSync(
    path.join("scripts", "bench", "visit-sql.mjs"),
    path.join(dir, "app", "api", "floor", "visit", "visit-sql.mjs"),
  );
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "empty-next", private: true }));
  writeFileSync(path.join(dir, "package-lock.json"), "{}");
  const link = spawnSync("cp", ["-al", path.resolve("node_modules"), path.join(dir, "node_modules")]);
  if (link.status !== 0) throw new Error("copying node_modules for the empty app failed");
  const buildEnv = { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", NEXT_DIST_DIR: "" };
  const next = path.join(dir, "node_modules", "next", "dist", "bin", "next");
  const build = spawnSync("node", [next, "build"], { cwd: dir, env: buildEnv, stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) throw new Error("building the empty app failed");
  const child = spawn("node", [next, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: dir,
    env: { ...buildEnv, ...env },
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}/`;
  const stop = () => {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return { stop, url, pid: child.pid };
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  stop();
  throw new Error("the empty app did not start");
}
