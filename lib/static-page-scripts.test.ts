import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { contentSecurityPolicy } from "@/lib/csp";
import { inlineScriptHashes, prerenderedScriptHashes } from "@/lib/static-page-scripts";

const sha = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

describe("the hashes of a built page's inline scripts", () => {
  it("hashes exactly the scripts a browser runs: inline, of a script type", () => {
    const html = [
      `<script>self.__next_f=self.__next_f||[]</script>`,
      `<script type="module">import "./a.js"</script>`,
      `<script src="/_next/static/chunks/a.js" async=""></script>`,
      `<script type="application/ld+json">{"@type":"Organization"}</script>`,
      `<script>self.__next_f.push([1,"a\\u003cb"])</script>`,
    ].join("");
    expect(inlineScriptHashes(html).sort()).toEqual([sha("self.__next_f=self.__next_f||[]"), sha('import "./a.js"'), sha('self.__next_f.push([1,"a\\u003cb"])')].sort());
  });

  it("collects them from every prerendered page of a build, and none without one", () => {
    const distDir = mkdtempSync(path.join(os.tmpdir(), "otto-dist-"));
    mkdirSync(path.join(distDir, "server", "app", "nested"), { recursive: true });
    writeFileSync(path.join(distDir, "server", "app", "index.html"), "<script>one()</script>");
    writeFileSync(path.join(distDir, "server", "app", "nested", "page.html"), "<script>two()</script><script>one()</script>");
    writeFileSync(path.join(distDir, "server", "app", "index.rsc"), "<script>not-html()</script>");
    expect(prerenderedScriptHashes(distDir)).toEqual([sha("one()"), sha("two()")].sort());
    expect(prerenderedScriptHashes(path.join(distDir, "missing"))).toEqual([]);
  });

  it("become the script sources of the policy, with no nonce and nothing unsafe", () => {
    const csp = contentSecurityPolicy({ hashes: ["abc=", "def="] }, false);
    expect(csp).toContain("script-src 'self' 'sha256-abc=' 'sha256-def='");
    expect(csp).not.toMatch(/nonce|script-src[^;]*unsafe/);
    expect(contentSecurityPolicy({ nonce: "n0" }, false)).toContain("script-src 'self' 'nonce-n0' 'strict-dynamic'");
  });
});
