import { expect, test } from "@playwright/test";

test.describe("foundation", () => {
  test("an unknown path shows the 404 page with a way home", async ({ page }) => {
    const response = await page.goto("/no-such-page-here");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await page.getByRole("link", { name: /home page/i }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("pages carry the security headers and a nonce-based CSP", async ({ page }) => {
    const response = await page.goto("/");
    const headers = response!.headers();
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toContain("'unsafe-inline' 'strict-dynamic'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["strict-transport-security"]).toContain("max-age=");
    expect(headers["x-powered-by"]).toBeUndefined();

    // Every inline script the page ships carries this response's nonce.
    const inlineScripts = await page.locator("script:not([src])").evaluateAll((nodes) =>
      nodes.map((node) => ({ nonce: (node as HTMLScriptElement).nonce, type: node.getAttribute("type") })),
    );
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
