import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

import { waitlistCopy } from "@/content/waitlist";

/**
 * A keyboard visitor on a slow phone: Chromium's CPU slowed four times, a key press about every 200 ms, as a
 * person types. The chat demo's controls and the waiting list form are in the page's HTML, so Tab reaches
 * them in page order whether or not their scripts have arrived, and nothing focusable vanishes while they load.
 */

const HUMAN_PACE_MS = 200;

let ipSeed = Math.floor(Math.random() * 200);
const uniqueIp = () => `198.18.${(ipSeed = (ipSeed + 1) % 250)}.${Math.floor(Math.random() * 250) + 1}`;

async function slowDown(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

/** One key, then the pause a person takes before the next: the pace is the point of this test, not a wait for state. */
async function press(page: Page, key: string) {
  await page.keyboard.press(key);
  await page.waitForTimeout(HUMAN_PACE_MS);
}

/** Where focus is, in the terms this test cares about. */
function focusedPlace(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return "body";
    if (element.closest("footer")) return "footer";
    if (element.closest("#chat-experience"))
      return element.matches('[role="radio"], input[type="radio"]')
        ? "demo-mode"
        : element.dataset.carryFocus?.startsWith("question-")
          ? "demo-question"
          : "demo-other";
    if (element.id === "waitlist-name") return "waitlist-name";
    return "other";
  });
}

test.describe("keyboard only, CPU slowed four times, at a person's pace", () => {
  test.setTimeout(240_000);

  test("Tab from the top reaches the chat demo and the form's first field before the footer, and a signup goes through by keyboard alone", async ({
    page,
  }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueIp() });
    await slowDown(page);
    await page.goto("/");

    const order: string[] = [];
    for (let presses = 0; presses < 120; presses++) {
      await press(page, "Tab");
      const place = await focusedPlace(page);
      order.push(place);
      // Focus never falls back to the page while an island loads.
      expect(place, `Tab ${presses + 1}: ${order.join(", ")}`).not.toBe("body");
      if (place === "waitlist-name" || place === "footer") break;
    }
    expect(order).toContain("demo-mode");
    expect(order).toContain("demo-question");
    expect(order.at(-1)).toBe("waitlist-name");

    // The signup, by keyboard alone, whichever version of the form has focus by now: letters pick an option in
    // a native select and in the scripted one's closed trigger alike.
    const email = `keyboard-${Date.now().toString(36)}@example.com`;
    await page.keyboard.type("Kay Board", { delay: 60 });
    await press(page, "Tab");
    await page.keyboard.type(email, { delay: 30 });
    await press(page, "Tab");
    await press(page, "c");
    await press(page, "Tab");
    await press(page, "j");
    await press(page, "Tab");
    await press(page, "Space");
    // Past the privacy link beside the consent, to the button.
    await press(page, "Tab");
    await press(page, "Tab");
    await expect(page.locator(":focus")).toHaveText(waitlistCopy.submit);
    await press(page, "Enter");

    // The scripted form's panel, or the thank-you page if the plain form was still the one in place: both say
    // to confirm, and name the address.
    await expect(page.getByText(waitlistCopy.nextStep.title)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(email)).toBeVisible();
  });
});

test("axe finds nothing on the waiting list form once its script has taken over", async ({ page }) => {
  await page.goto("/#join-waitlist");
  await page.locator("section#join-waitlist form[data-enhanced]").waitFor();
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .include("#join-waitlist")
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});

test("nothing moves when the demo's and the form's scripts take the place of their HTML", async ({ page }) => {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((source) => {
          const node = source.node instanceof Element ? source.node : null;
          const where =
            node?.closest("section[id], header, footer")?.id ?? node?.closest("header, footer")?.tagName ?? "?";
          const from = source.previousRect;
          const to = source.currentRect;
          return `${where}: ${node?.getAttribute("class") ?? String(source.node)} (${from.x},${from.y} ${from.width}x${from.height} -> ${to.x},${to.y} ${to.width}x${to.height})`;
        });
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto("/");
  await page.locator("#chat-experience").scrollIntoViewIfNeeded();
  await page.locator('#chat-experience button[role="radio"]').first().waitFor();
  await page.locator("#join-waitlist").scrollIntoViewIfNeeded();
  await page.locator("section#join-waitlist form[data-enhanced]").waitFor();
  // Two frames for any shift from the last swap to be reported.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const shifts = await page.evaluate(
    () => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts,
  );
  expect(shifts).toEqual([]);
});

test("axe finds nothing on the chat demo and the form as the page's HTML has them, before any script", async ({
  browser,
}) => {
  const context = await browser.newContext();
  try {
    // Only the site's script files fail, as when they are blocked: the server's HTML stays as it is.
    await context.route(/\/_next\/static\/.*\.js(\?|$)/, (route) => route.abort());
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator('#chat-experience input[type="radio"]')).toHaveCount(2);
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .include("#chat-experience")
      .include("#join-waitlist")
      .analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  } finally {
    await context.close();
  }
});
