import { expect, test, type Page } from "@playwright/test";

import { landingSectionIds } from "@/e2e/support/landing";

/**
 * The landing page's sections are sent once, as HTML, and most of them are never hydrated (static parts). These
 * cross that boundary: the page rendered by the browser itself (a client-side visit from another page, a refresh
 * of the server's data) and the page without JavaScript show every section, with the same words as the built page.
 */

// Sections whose words change as their demo plays or their count loads: compared by heading only.
const LIVE = new Set(["hero", "chat-experience", "join-waitlist"]);

type Words = Record<string, { heading: string; text: string }>;

/** Each section's heading and, for the static ones, every word in it. */
async function sectionWords(page: Page): Promise<Words> {
  const ids = await landingSectionIds(page);
  return page.evaluate(
    ({ ids, live }) =>
      Object.fromEntries(
        ids.map((id) => {
          const section = document.getElementById(id);
          const heading = section?.querySelector("h1, h2")?.textContent?.trim() ?? "";
          const text = live.includes(id) ? "" : (section?.textContent ?? "").replace(/\s+/g, " ").trim();
          return [id, { heading, text }];
        }),
      ),
    { ids, live: [...LIVE] },
  );
}

/** Scrolls through the page and expects every revealed block to have been revealed: nothing left invisible. */
async function expectEverythingRevealed(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y <= height; y += 500) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
  await expect.poll(() => page.locator('[data-reveal][data-revealed="false"]').count()).toBe(0);
}

async function builtPageWords(page: Page): Promise<Words> {
  await page.goto("/");
  return sectionWords(page);
}

async function pushClientSide(page: Page, path: string) {
  await page.waitForFunction(() => Boolean((window as { next?: { router?: unknown } }).next?.router));
  // A marker on the window survives a client-side visit and not a page load, so the test knows which it was.
  await page.evaluate(() => ((window as { clientSide?: boolean }).clientSide = true));
  await page.evaluate(
    (to) => (window as unknown as { next: { router: { push(href: string): void } } }).next.router.push(to),
    path,
  );
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => (window as { clientSide?: boolean }).clientSide)).toBe(true);
}

test.describe("the landing page's static parts", () => {
  for (const from of ["/privacy", "/no-such-page"]) {
    test(`a client-side visit from ${from} shows every section, with the built page's words`, async ({ page }) => {
      const expected = await builtPageWords(page);
      for (const id of await landingSectionIds(page)) expect(expected[id]!.heading, id).not.toBe("");

      await page.goto(from);
      await pushClientSide(page, "/");
      await expect(page.locator("#industries h2")).toBeVisible();
      await expect.poll(() => sectionWords(page)).toEqual(expected);
      await expectEverythingRevealed(page);
      // The plain form is there, and the island around it still loads the scripted form when reached.
      await expect(page.locator("#join-waitlist form")).toHaveCount(1);
    });
  }

  test("a refresh of the server's data leaves every section as it was", async ({ page }) => {
    const expected = await builtPageWords(page);
    await page.waitForFunction(() => Boolean((window as { next?: { router?: unknown } }).next?.router));
    // Marks every static section's markup: if React rendered them again, the marks would be gone.
    await page.evaluate(() =>
      document.querySelectorAll("main section").forEach((s) => s.setAttribute("data-mark", "")),
    );
    // The refresh fetches the page's data again from the server and renders the page with it.
    const refetched = page.waitForResponse((response) => response.request().headers()["rsc"] === "1");
    await page.evaluate(() => (window as unknown as { next: { router: { refresh(): void } } }).next.router.refresh());
    await refetched;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.locator("main section:not([data-mark])").count()).toBe(0);
    expect(await sectionWords(page)).toEqual(expected);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("every section is there and visible, with its words", async ({ page }) => {
      await page.goto("/");
      const words = await sectionWords(page);
      for (const id of await landingSectionIds(page)) {
        await expect(page.locator(`#${id}`)).toBeVisible();
        expect(words[id]!.heading, id).not.toBe("");
        if (!LIVE.has(id)) expect(words[id]!.text.length, id).toBeGreaterThan(words[id]!.heading.length);
      }
      // Nothing is waiting for a script to move it into place.
      await expect(page.locator('[hidden][id^="S:"], template[id^="B:"]')).toHaveCount(0);
      await expect(page.locator("#join-waitlist form")).toHaveAttribute("method", "post");
    });
  });
});
