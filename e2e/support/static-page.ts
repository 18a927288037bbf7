import { createHash } from "node:crypto";
import { expect, type Page } from "@playwright/test";

/** Collects every CSP violation the page reports, from the browser's console and the DOM event alike. */
export async function recordCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return violations;
}

/** Every inline script the page runs is allowed by a hash in `csp`, which holds no nonce and nothing unsafe. */
export async function expectInlineScriptsAllowedByHash(page: Page, csp: string): Promise<void> {
  expect(csp).not.toContain("'nonce-");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  const allowed = new Set([...csp.matchAll(/'sha256-([^']+)'/g)].map((match) => match[1]));
  const inline = await page
    .locator("script:not([src])")
    .evaluateAll((nodes) =>
      nodes
        .filter((node) => !node.getAttribute("type") || node.getAttribute("type") === "text/javascript")
        .map((node) => node.textContent ?? ""),
    );
  expect(inline.length).toBeGreaterThan(0);
  for (const text of inline) expect(allowed).toContain(createHash("sha256").update(text, "utf8").digest("base64"));
}

/** The landing page works under its policy: the hero demo plays, the count shows and the form takes input. */
export async function expectLandingPageWorks(page: Page): Promise<void> {
  await page.locator("#hero [data-device-tilt]").scrollIntoViewIfNeeded();
  await expect(page.locator('[role="region"][aria-label$="demo conversation"] [role="log"] li').first()).toBeVisible({
    timeout: 15_000,
  });
  await page.locator("section#join-waitlist").scrollIntoViewIfNeeded();
  await expect(page.getByTestId("waitlist-count")).toHaveText(/business(es have| has) already joined/);
  const name = page.locator("section#join-waitlist").getByLabel("Your Name");
  await expect(name).toBeEditable();
  await name.fill("Ada Lovelace");
  await expect(name).toHaveValue("Ada Lovelace");
}
