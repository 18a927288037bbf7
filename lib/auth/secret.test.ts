import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

// SECRET_FILE is fixed when the module loads, from the working folder: load it fresh inside a temporary one.
function loadInFolder(folder: string): typeof import("@/lib/auth/secret") {
  const cwd = jest.spyOn(process, "cwd").mockReturnValue(folder);
  try {
    let mod!: typeof import("@/lib/auth/secret");
    jest.isolateModules(() => {
      mod = jest.requireActual("@/lib/auth/secret");
    });
    return mod;
  } finally {
    cwd.mockRestore();
  }
}

const saved = { ...process.env };
let folder = "";
beforeEach(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), "otto-secret-"));
  process.env = { ...saved };
  delete process.env.AUTH_SECRET;
});
afterEach(() => {
  process.env = saved;
  rmSync(folder, { recursive: true, force: true });
});

describe("getAuthSecret", () => {
  it("in development, makes a secret once in .data/auth-secret (owner-only) and reuses it after a restart", () => {
    Object.assign(process.env, { NODE_ENV: "development" });
    const first = loadInFolder(folder).getAuthSecret();
    const file = path.join(folder, ".data", "auth-secret");
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, "utf8")).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadInFolder(folder).getAuthSecret()).toBe(first);
  });

  it("prefers AUTH_SECRET, and refuses to run in production without it", () => {
    Object.assign(process.env, { NODE_ENV: "production" });
    const { getAuthSecret } = loadInFolder(folder);
    expect(() => getAuthSecret()).toThrow(/AUTH_SECRET is required in production/);
    process.env.AUTH_SECRET = "p".repeat(40);
    expect(getAuthSecret()).toBe("p".repeat(40));
  });
});
