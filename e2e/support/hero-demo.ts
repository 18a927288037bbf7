import { expect, type Locator, type Page } from "@playwright/test";

/** The hero's chat demo once its player has loaded (the empty frame drawn before that is no region). */
export const heroDemo = (page: Page): Locator => page.getByRole("region", { name: /demo conversation$/ });

/** The messages the hero demo shows (its typing indicator is no message). */
export const heroMessages = (page: Page): Locator => heroDemo(page).getByRole("log").locator("li:has(p)");

/**
 * Opens the landing page with its clock stopped: the hero demo's timers fire only when the test moves the clock
 * on (page.clock.runFor), so each step of a script stays on screen for as long as the test looks at it, and
 * nothing is swapped mid-look. CSS animations still run on the real clock; the card and panel are moved by motion
 * on the page's animation frames, which the stopped clock gives only as it is moved on (settleHeroOverlays).
 * `random` fixes the demo's choice of script, `time` the page's clock (the visitor's "now"). Resolves once the player has loaded, its frame in view and its first
 * timers set; the clock has moved on by at most 50 ms since.
 */
export async function openWithClockStopped(
  page: Page,
  options: { random?: number; time?: Date } = {},
): Promise<Locator> {
  if (options.random !== undefined) {
    await page.addInitScript((value) => {
      Math.random = () => value;
    }, options.random);
  }
  const start = options.time?.getTime() ?? Date.now();
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

const OVERLAYS = '[data-testid="hero-service-card"], [data-testid="hero-document-panel"]';

/**
 * What is still moving in the hero's card and panel, in one pass over the page as it is now: `frames`, the holders
 * that motion has not yet brought to rest in place (full opacity, no transform) or taken away; `css`, the CSS
 * animations inside them that end (the document's fade-in) and have not.
 */
function overlaysMoving(page: Page): Promise<{ frames: string[]; css: string[] }> {
  return page.evaluate((selector) => {
    const holders = [...document.querySelectorAll<HTMLElement>(selector)];
    return {
      frames: holders
        .filter((holder) => {
          const style = getComputedStyle(holder);
          return style.opacity !== "1" || style.transform !== "none";
        })
        .map((holder) => holder.dataset.testid ?? ""),
      css: holders.flatMap((holder) =>
        holder
          .getAnimations({ subtree: true })
          .filter(
            (animation) =>
              (animation.playState === "running" || animation.pending) &&
              animation.effect?.getComputedTiming().endTime !== Infinity,
          )
          .map(
            (animation) => (animation as CSSAnimation).animationName ?? (animation as CSSTransition).transitionProperty,
          ),
      ),
    };
  }, OVERLAYS);
}

/**
 * Waits until the hero's card and panel are at rest: each in place or gone, with nothing inside still fading in.
 * While motion is moving one, the stopped page clock is moved on a frame at a time (which also moves a playing
 * demo's script on, by no more than the card's or panel's own few hundred milliseconds); the CSS animations finish
 * on the real clock.
 */
export async function settleHeroOverlays(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      let moving = await overlaysMoving(page);
      for (let frame = 0; moving.frames.length > 0 && frame < 60; frame++) {
        await page.clock.runFor(16);
        moving = await overlaysMoving(page);
      }
      return [...moving.frames, ...moving.css];
    })
    .toEqual([]);
}
