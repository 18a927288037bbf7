import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { writeStaticScriptHashes } from "@/lib/build-output";
import { contentSecurityPolicy } from "@/lib/csp";
import { inlineScriptHashes, prerenderedScriptHashes, STATIC_SCRIPT_HASHES_FILE } from "@/lib/static-page-scripts";

const sha = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

describe("the hashes of a built page's inline scripts", () => {
  it("hashes exactly the scripts a browser runs: inline, of a script type", () => {
    const html = [
      `<script>self.__next_f=self.__next_f||[]</script>`,
      `<script type="module">import "@/lib/a.js"</script>`,
      `<script src="/_next/static/chunks/a.js" async=""></script>`,
      `<script type="application/ld+json">{"@type":"Organization"}</script>`,
      `<script>self.__next_f.push([1,"a\\u003cb"])</script>`,
    ].join("");
    expect(inlineScriptHashes(html).sort()).toEqual(
      [
        sha("self.__next_f=self.__next_f||[]"),
        sha('import "@/lib/a.js"'),
        sha('self.__next_f.push([1,"a\\u003cb"])'),
      ].sort(),
    );
  });

  it("are written by the build beside the proxy, listed in its trace, and read from the project root wherever the server starts", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "otto-root-"));
    const serverDir = path.join(root, ".next-x", "server");
    mkdirSync(path.join(serverDir, "app", "nested"), { recursive: true });
    writeFileSync(path.join(serverDir, "app", "index.html"), "<script>one()</script>");
    writeFileSync(path.join(serverDir, "app", "nested", "page.html"), "<script>two()</script><script>one()</script>");
    writeFileSync(path.join(serverDir, "app", "index.rsc"), "<script>not-html()</script>");
    writeFileSync(
      path.join(serverDir, "middleware.js.nft.json"),
      JSON.stringify({ version: 1, files: ["chunks/a.js"] }),
    );

    expect(writeStaticScriptHashes(path.join(root, ".next-x"))).toEqual([sha("one()"), sha("two()")].sort());
    // Written twice (a second build step), it is listed once.
    writeStaticScriptHashes(path.join(root, ".next-x"));
    const trace = JSON.parse(readFileSync(path.join(serverDir, "middleware.js.nft.json"), "utf8")) as {
      files: string[];
    };
    expect(trace.files).toEqual(["chunks/a.js", STATIC_SCRIPT_HASHES_FILE]);

    // Read relative to the project root, not the working directory (this test runs from the repository).
    expect(prerenderedScriptHashes(".next-x", root)).toEqual([sha("one()"), sha("two()")].sort());
    expect(prerenderedScriptHashes(".next-missing", root)).toBeNull();
  });

  it("without the build's file, a prerendered page is allowed its inline scripts: never a nonce policy", () => {
    const csp = contentSecurityPolicy({ hashes: null }, false);
    expect(csp).toContain("script-src 'self' 'unsafe-inline';");
    expect(csp).not.toContain("nonce");
  });

  it("become the script sources of the policy, with no nonce and nothing unsafe", () => {
    const csp = contentSecurityPolicy({ hashes: ["abc=", "def="] }, false);
    expect(csp).toContain("script-src 'self' 'sha256-abc=' 'sha256-def='");
    expect(csp).not.toMatch(/nonce|script-src[^;]*unsafe/);
    expect(contentSecurityPolicy({ nonce: "n0" }, false)).toContain("script-src 'self' 'nonce-n0' 'strict-dynamic'");
  });
});
