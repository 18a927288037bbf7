import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";

// Every kind of email the site sends, rendered by the real templates and rendering code (in a process of its
// own: e2e/support/render-emails.ts) with names, addresses and links as long as real ones get, then laid out
// in Chromium at the narrowest phone width: nothing may make the reader scroll sideways.
const PHONE = { width: 320, height: 640 };
const SHOTS = process.env.EMAIL_SHOTS_DIR ?? path.join("test-results", "email-fit");

let rendered: Record<string, string>;

test.beforeAll(() => {
  const output = execFileSync(
    process.execPath,
    ["--import", "./e2e/support/server-only-off.mjs", "--import", "tsx", "e2e/support/render-emails.ts"],
    // The logo is fetched from the site the links name: this test's server.
    { env: { ...process.env, NEXT_PUBLIC_SITE_URL: process.env.E2E_BASE_URL }, encoding: "utf8", timeout: 60_000 },
  );
  rendered = JSON.parse(output) as Record<string, string>;
  mkdirSync(SHOTS, { recursive: true });
});

/** How wide the page lays out, and every element that reaches past the screen's right edge. */
function overflowOf(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const wider = Array.from(document.body.querySelectorAll("*"))
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .map((element) => `${element.tagName.toLowerCase()} ${Math.round(element.getBoundingClientRect().right)}px`);
    return { scrollWidth: document.documentElement.scrollWidth, wider };
  });
}

test.describe("emails on a phone", () => {
  test.use({ viewport: PHONE });

  // The kinds come from the renderer's own list (lib/email/kinds/index.ts), which this process cannot import
  // (it is server-only): render-emails.ts renders every kind on it, with a sample the compiler requires.
  test("every kind the site sends fits 320 px with no sideways scrolling, and its written-out link wraps and still works", async ({
    page,
  }) => {
    expect(Object.keys(rendered).length).toBeGreaterThan(0);
    for (const kind of Object.keys(rendered)) {
      await test.step(kind, async () => {
        const html = rendered[kind]!;
        expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
        await page.setContent(html);
        expect(await overflowOf(page)).toEqual({ scrollWidth: PHONE.width, wider: [] });
        // Each link written out in full is one link, its address as its text, broken over several lines.
        const written = page.locator("a").filter({ hasText: /^https?:\/\// });
        for (const link of await written.all()) {
          const [href, text, lines] = await link.evaluate((element) => [
            element.getAttribute("href"),
            element.textContent,
            element.getClientRects().length,
          ]);
          expect(text).toBe(href);
          expect(lines).toBeGreaterThan(1);
        }
        // The one action: a button inside the screen.
        const button = page
          .locator("a")
          .filter({ hasNotText: /^https?:\/\// })
          .first();
        const box = (await button.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
        await page.screenshot({ path: path.join(SHOTS, `${kind}.png`), fullPage: true });
      });
    }
  });
});
