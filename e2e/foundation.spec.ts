import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

import { expect, test } from "@playwright/test";

test.describe("foundation", () => {
  test("an unknown path shows the 404 page with a way home", async ({ page }) => {
    const response = await page.goto("/no-such-page-here");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await page.getByRole("link", { name: /home page/i }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the landing page is served as a built file: cacheable, with a hash-based CSP its scripts all meet", async ({ page }) => {
    // `next build` prerendered it: the build's manifest lists it, so no request renders it again.
    const manifest = JSON.parse(readFileSync(path.join(process.env.NEXT_DIST_DIR ?? ".next", "prerender-manifest.json"), "utf8"));
    expect(Object.keys(manifest.routes)).toEqual(expect.arrayContaining(["/", "/api-test"]));

    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`));
    });
    const response = await page.goto("/");
    const headers = response!.headers();
    expect(headers["cache-control"]).toMatch(/s-maxage=\d+/);
    expect(headers["cache-control"]).not.toMatch(/private|no-store/);
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'nonce-");
    expect(csp).not.toContain("'unsafe-inline' 'strict-dynamic'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["strict-transport-security"]).toContain("max-age=");
    expect(headers["x-powered-by"]).toBeUndefined();

    // Every inline script the page runs is allowed by a hash in the policy.
    const allowed = new Set([...csp.matchAll(/'sha256-([^']+)'/g)].map((match) => match[1]));
    const inline = await page.locator("script:not([src])").evaluateAll((nodes) =>
      nodes.filter((node) => !node.getAttribute("type") || node.getAttribute("type") === "text/javascript").map((node) => node.textContent ?? ""),
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const text of inline) expect(allowed).toContain(createHash("sha256").update(text, "utf8").digest("base64"));

    // And it works under that policy: the hero demo plays, the count and the form load, nothing is blocked.
    await page.locator("#hero [data-device-tilt]").scrollIntoViewIfNeeded();
    await expect(page.locator('[role="region"][aria-label$="demo conversation"] [role="log"] li').first()).toBeVisible({ timeout: 10_000 });
    await page.locator("section#join-waitlist").scrollIntoViewIfNeeded();
    await expect(page.getByTestId("waitlist-count")).toHaveText(/business(es have| has) already joined/);
    await expect(page.locator("section#join-waitlist").getByLabel("Your Name")).toBeEditable();
    expect(violations).toEqual([]);
  });

  test("admin pages render per request with a nonce-based CSP on every script", async ({ page }) => {
    const response = await page.goto("/admin/login");
    const headers = response!.headers();
    expect(headers["cache-control"]).toMatch(/no-store/);
    const csp = headers["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const inlineScripts = await page.locator("script:not([src])").evaluateAll((nodes) =>
      nodes.map((node) => ({ nonce: (node as HTMLScriptElement).nonce, type: node.getAttribute("type") })),
    );
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const script of inlineScripts) expect(script.nonce).toBe(nonce);
  });

  test("API responses carry the headers too, and health reports the database", async ({ request }) => {
    const response = await request.get("/api/health");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  test("the admin area sends visitors without a session to the sign-in page", async ({ page }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/login$/);
    // A file-like path is no way round the gate.
    await page.goto("/admin/users.png");
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test("a 404 at a file-like path still carries the CSP", async ({ request }) => {
    for (const path of ["/missing.png", "/iconography"]) {
      const response = await request.get(path);
      expect(response.status()).toBe(404);
      expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    }
  });
});
