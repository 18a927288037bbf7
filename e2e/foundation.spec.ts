import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

import {
  expectInlineScriptsAllowedByHash,
  expectLandingPageWorks,
  recordCspViolations,
} from "@/e2e/support/static-page";

test.describe("foundation", () => {
  test("an unknown path shows the 404 page with a way home", async ({ page }) => {
    const response = await page.goto("/no-such-page-here");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await page.getByRole("link", { name: /home page/i }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the landing page is served as a built file: cacheable, with a hash-based CSP its scripts all meet", async ({
    page,
  }) => {
    // `next build` prerendered it: the build's manifest lists it, so no request renders it again.
    const manifest = JSON.parse(
      readFileSync(path.join(process.env.NEXT_DIST_DIR ?? ".next", "prerender-manifest.json"), "utf8"),
    );
    expect(Object.keys(manifest.routes)).toEqual(expect.arrayContaining(["/", "/api-test"]));

    const violations = await recordCspViolations(page);
    const response = await page.goto("/");
    const headers = response!.headers();
    expect(headers["cache-control"]).toMatch(/s-maxage=\d+/);
    expect(headers["cache-control"]).not.toMatch(/private|no-store/);
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["strict-transport-security"]).toContain("max-age=");
    expect(headers["x-powered-by"]).toBeUndefined();

    // Every inline script the page runs is allowed by a hash in the policy, and the page works under it.
    await expectInlineScriptsAllowedByHash(page, csp);
    await expectLandingPageWorks(page);
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
    const inlineScripts = await page
      .locator("script:not([src])")
      .evaluateAll((nodes) =>
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
