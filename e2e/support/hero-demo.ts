import { expect, type Locator, type Page } from "@playwright/test";

/** The hero's chat demo once its player has loaded (the empty frame drawn before that is no region). */
export const heroDemo = (page: Page): Locator => page.getByRole("region", { name: /demo conversation$/ });

/** The messages the hero demo shows (its typing indicator is no message). */
export const heroMessages = (page: Page): Locator => heroDemo(page).getByRole("log").locator("li:has(p)");

/**
 * Opens the landing page with its clock stopped: the hero demo's timers fire only when the test moves the clock
 * on (page.clock.runFor), so each step of a script stays on screen for as long as the test looks at it, and
 * nothing is swapped mid-look. CSS animations still run on the real clock. `random` fixes the demo's choice of
 * script. Resolves once the player has loaded, its frame in view and its first timers set; the clock has moved
 * on by at most 50 ms since.
 */
export async function openWithClockStopped(page: Page, options: { random?: number } = {}): Promise<Locator> {
  if (options.random !== undefined) {
    await page.addInitScript((value) => {
      Math.random = () => value;
    }, options.random);
  }
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1_000);
  await page.goto("/");
  // The demo plays only while its frame is in the viewport, and at some widths the frame starts just below the
  // fold: bring it into view at once, as a visitor glancing down would.
  await page.locator("#hero [data-device-tilt]").scrollIntoViewIfNeeded();
  // The player's code is fetched once the browser is idle, which a stopped clock never says it is: move it on
  // a little at a time until the player is there.
  const region = heroDemo(page);
  await expect(async () => {
    await page.clock.runFor(50);
    await expect(region).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return region;
}
