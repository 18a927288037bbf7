import { expect, test, type Page } from "@playwright/test";

import { openWithClockStopped, settleHeroOverlays } from "@/e2e/support/hero-demo";
import { BUSINESS_TYPE_OPTIONS, TEAM_SIZE_OPTIONS } from "@/lib/validation/waitlist";

/**
 * What a visitor's eyes meet: no sideways scroll at 375 px whatever the form holds, the hero's cards whole
 * inside the chat window and dated in the present, the business-type strip and the "Coming soon" badges inside
 * their containers. (The keyboard's path through the page is e2e/keyboard.spec.ts.)
 */

async function pageWidth(page: Page) {
  return page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
}

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("choosing any business type or team size never makes the page wider than the screen", async ({ page }) => {
    await page.goto("/#join-waitlist");
    const section = page.locator("section#join-waitlist");
    await section.locator("form[data-enhanced]").waitFor();
    for (const [label, options] of [
      ["Business Type", BUSINESS_TYPE_OPTIONS],
      ["Number of Employees", TEAM_SIZE_OPTIONS],
    ] as const) {
      for (const option of options) {
        await section.getByRole("combobox", { name: label }).click();
        await page.getByRole("option", { name: option.label, exact: true }).click();
        await expect(section.getByRole("combobox", { name: label })).toContainText(option.label.slice(0, 8));
        const { scroll, inner } = await pageWidth(page);
        expect(scroll, `${label}: ${option.label}`).toBeLessThanOrEqual(inner);
        const trigger = await section.getByRole("combobox", { name: label }).boundingBox();
        expect(trigger!.x + trigger!.width).toBeLessThanOrEqual(inner);
      }
    }
  });
});

const HERO_SCRIPTS = [
  // The car valeting script: a service card, then the quote, the free slots, the booking and the customer list.
  { random: 0, name: "car valeting", expected: 5, seconds: 48 },
  // The carpentry script: a service card, then the invoice.
  { random: 0.99, name: "carpentry", expected: 2, seconds: 28 },
];

/** The hero's open service card and document panel, each measured against the chat window that holds it. */
interface HolderReport {
  title: string;
  inside: boolean;
  cut: (string | null)[];
  years: number[];
}

/**
 * Reads the open card and panel in one pass over the page as it is now, so no node can be swapped between
 * finding and measuring it; null while either is still sliding in or out (its final position is what counts).
 */
function readOpenHolders(page: Page): Promise<HolderReport[] | null> {
  return page.evaluate(() => {
    const holders = [
      ...document.querySelectorAll<HTMLElement>(
        '[data-testid="hero-service-card"], [data-testid="hero-document-panel"]',
      ),
    ];
    // Moving: short of its resting place (full opacity, no transform), or a CSS animation inside it that ends.
    const moving = holders.some(
      (holder) =>
        getComputedStyle(holder).opacity !== "1" ||
        getComputedStyle(holder).transform !== "none" ||
        holder
          .getAnimations({ subtree: true })
          .some(
            (animation) =>
              (animation.playState === "running" || animation.pending) &&
              animation.effect?.getComputedTiming().endTime !== Infinity,
          ),
    );
    if (moving) return null;
    return holders.map((element) => {
      const window_ = element.parentElement!.getBoundingClientRect();
      const card = (element.firstElementChild ?? element).getBoundingClientRect();
      const cut = [...element.querySelectorAll<HTMLElement>("*")].filter(
        (node) => getComputedStyle(node).textOverflow === "ellipsis" && node.scrollWidth > node.clientWidth,
      );
      return {
        title: element.querySelector("h3")?.textContent ?? "",
        inside:
          card.left >= window_.left - 1 &&
          card.right <= window_.right + 1 &&
          card.top >= window_.top - 1 &&
          card.bottom <= window_.bottom + 1,
        cut: cut.map((node) => node.textContent),
        years: [...(element.textContent ?? "").matchAll(/\b(20\d\d)\b/g)].map((match) => Number(match[1])),
      };
    });
  });
}

/** The open card and panel once neither is moving (the page's stopped clock moved on while motion moves them). */
async function settledHolders(page: Page): Promise<HolderReport[]> {
  let reports = null as HolderReport[] | null;
  await expect
    .poll(async () => {
      await settleHeroOverlays(page);
      return (reports = await readOpenHolders(page)) !== null;
    })
    .toBe(true);
  return reports ?? [];
}

for (const viewport of [
  { width: 375, height: 800 },
  { width: 1280, height: 720 },
]) {
  for (const script of HERO_SCRIPTS) {
    test(`hero at ${viewport.width} px, ${script.name}: every card and panel whole inside the chat window, dated no earlier than this year`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(90_000);
      await page.setViewportSize(viewport);
      const region = await openWithClockStopped(page, { random: script.random });
      if (viewport.width >= 1280) {
        // On a laptop screen the chat window is in the first screen without scrolling.
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
      }
      const thisYear = new Date().getFullYear();
      const seen = new Set<string>();
      for (let elapsed = 0; elapsed < script.seconds * 1000; elapsed += 500) {
        await page.clock.runFor(500);
        for (const report of await settledHolders(page)) {
          if (seen.has(report.title)) continue;
          seen.add(report.title);
          await testInfo.attach(`${viewport.width}px ${report.title}`, {
            body: await page.screenshot(),
            contentType: "image/png",
          });
          expect(report.inside, `${report.title} inside the chat window`).toBe(true);
          expect(report.cut, `${report.title} has no text cut off`).toEqual([]);
          for (const year of report.years)
            expect(year, `${report.title} is dated in the present`).toBeGreaterThanOrEqual(thisYear);
        }
        const conversation = (await region.textContent()) ?? "";
        for (const match of conversation.matchAll(/\b(20\d\d)\b/g))
          expect(Number(match[1])).toBeGreaterThanOrEqual(thisYear);
      }
      expect([...seen], "every card and panel of the script was checked").toHaveLength(script.expected);
    });
  }
}

for (const width of [1024, 1280]) {
  test(`at ${width} px the business-type strip and the "Coming soon" badges stay inside their containers`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/#business-examples");
    const strip = page.getByRole("tablist", { name: "Business types" });
    await expect(strip).toBeVisible();
    const stripBox = (await strip.boundingBox())!;
    expect(stripBox.x).toBeGreaterThanOrEqual(0);
    expect(stripBox.x + stripBox.width).toBeLessThanOrEqual(width);
    const rows: { top: number; tabs: number }[] = [];
    for (const tab of await strip.getByRole("tab").all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(stripBox.x);
      expect(box.x + box.width).toBeLessThanOrEqual(stripBox.x + stripBox.width + 0.5);
      // A tab more than half its height below the row's first starts a new row (they may still be sliding in).
      const row = rows.at(-1);
      if (row && box.y - row.top < box.height / 2) row.tabs++;
      else rows.push({ top: box.y, tabs: 1 });
    }
    // No tab left alone on a line of its own.
    expect(Math.min(...rows.map((row) => row.tabs))).toBeGreaterThan(1);

    await page.goto("/#features");
    const badges = page.locator("#features li").filter({ hasText: "Coming Soon" });
    const count = await badges.count();
    expect(count).toBeGreaterThan(0);
    const tops = new Set<number>();
    for (let index = 0; index < count; index++) {
      const card = badges.nth(index);
      await card.scrollIntoViewIfNeeded();
      const cardBox = (await card.boundingBox())!;
      const badge = card.getByText("Coming Soon", { exact: true });
      const box = (await badge.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
      // One line each, and the same place in every card (under the title).
      expect(box.height).toBeLessThan(30);
      tops.add(Math.round(box.y - cardBox.y));
    }
    expect(tops.size).toBeLessThanOrEqual(2);
  });
}

test("at 1280 px the waiting list lines up with the other sections, and integration names are never cut", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  const contentLeft = (id: string) =>
    page.evaluate((sectionId) => {
      const container = document.getElementById(sectionId)?.querySelector<HTMLElement>(":scope > .max-w-6xl");
      if (!container) return null;
      return container.getBoundingClientRect().left + parseFloat(getComputedStyle(container).paddingLeft);
    }, id);
  const waitlist = await contentLeft("join-waitlist");
  expect(waitlist).not.toBeNull();
  expect(waitlist).toBe(await contentLeft("features"));

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator("#integrations").scrollIntoViewIfNeeded();
    const cut = await page
      .locator("#integrations li span")
      .evaluateAll((spans) =>
        spans.filter((span) => span.scrollWidth > span.clientWidth + 1).map((span) => span.textContent),
      );
    expect(cut, `at ${width} px`).toEqual([]);
    await expect(page.locator("#integrations li", { hasText: "Google Calendar" }).first()).toContainText(
      "Google Calendar",
    );
  }
});

test("tabbing into the header at the top of the page shows one logo, not two", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await page.keyboard.press("Tab"); // the skip link
  await page.keyboard.press("Tab"); // the header's logo
  await expect(page.locator("header[data-site-header]")).toHaveAttribute("data-visible", "true");
  await expect
    .poll(() => page.locator("[data-hero-logo]").evaluate((element) => getComputedStyle(element).visibility))
    .toBe("hidden");
  // Visibility is inherited, so the hero's logo image reports "hidden" along with its wrapper.
  const visibleLogos = await page.locator('img[src="/logo.svg"]').evaluateAll(
    (images) =>
      images.filter((image) => {
        const box = image.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight && getComputedStyle(image).visibility === "visible";
      }).length,
  );
  expect(visibleLogos).toBe(1);
});

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
]) {
  test(`on a ${viewport.width}x${viewport.height} laptop screen the hero's chat window is in the first screen and playing`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/");
    const region = page.getByRole("region", { name: /demo conversation$/ });
    await expect(region.getByRole("log").locator("li:has(p)").first()).toBeVisible({ timeout: 10_000 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const box = (await region.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  });
}
