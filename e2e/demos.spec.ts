import { expect, test, type Page } from "@playwright/test";

import { expectAnimationsFinished } from "@/e2e/support/animations";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { heroDemo as hero, heroMessages, openWithClockStopped, settleHeroOverlays } from "@/e2e/support/hero-demo";

/**
 * The chat demos: the hero's auto-play, text mode, voice mode, reduced motion, network isolation and
 * accessibility with every card and panel open.
 */

const QUICK_QUESTIONS = [
  { label: "What's my work schedule today?", card: "Today's schedule" },
  { label: "Show my outstanding invoices", card: "Outstanding invoices" },
  { label: "When is my next booking?", card: "Next booking" },
  { label: "Help me with this app", card: "What I can help with" },
  { label: "Create a new customer account", card: "Customer account created" },
  { label: "Find all overdue payments", card: "Overdue payments" },
] as const;

const chatSection = (page: Page) => page.locator("#chat-experience");

async function openChatSection(page: Page) {
  await chatSection(page).scrollIntoViewIfNeeded();
  await expect(page.getByRole("radiogroup", { name: "Demo mode" })).toBeVisible();
}

async function expectAccessible(page: Page, include: string) {
  // Entrance animations first: contrast is measured on the final colours.
  await expectAnimationsFinished(page, include);
  await expectNoAxeViolations(page, { include });
}

/**
 * axe on the hero demo as it stands. axe needs the page's clock to run, so the demo's own pause control holds it
 * still while the clock runs for axe; then the clock stops again and the demo carries on. The card or panel is
 * first brought to rest, so colours are measured in place.
 */
async function expectHeroAccessibleAsItStands(page: Page) {
  await hero(page).getByRole("button", { name: "Pause demo" }).click();
  await expect(hero(page)).toHaveAttribute("data-paused", "true");
  await settleHeroOverlays(page);
  await page.clock.resume();
  await expectAccessible(page, '[role="region"][aria-label$="demo conversation"]');
  // Stopped a few seconds on from now (it cannot stop in the past), which the held demo does not notice.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 5_000));
  await hero(page).getByRole("button", { name: "Resume demo" }).click();
  await expect(hero(page)).toHaveAttribute("data-paused", "false");
}

test.describe("hero demo", () => {
  test("shows its first user message 3 s after it loads, not before", async ({ page }) => {
    const region = await openWithClockStopped(page);
    await expect(region).toHaveAttribute("data-status", "running");
    // A 1 s lead-in, then the first message 2 s later.
    await page.clock.runFor(2_900);
    await expect(heroMessages(page)).toHaveCount(0);
    await page.clock.runFor(100);
    await expect(heroMessages(page)).toHaveCount(1);
    await expect(region.getByPlaceholder("Type a message...")).toBeVisible();
  });

  test("the pause control stops it and the play button restarts it", async ({ page }) => {
    const region = await openWithClockStopped(page);
    await page.clock.runFor(3_000);
    await expect(heroMessages(page)).toHaveCount(1);
    await region.getByRole("button", { name: "Pause demo" }).click();
    await expect(region).toHaveAttribute("data-paused", "true");
    // Long past the next message's time, nothing has moved on.
    await page.clock.runFor(10_000);
    await expect(heroMessages(page)).toHaveCount(1);
    await region.getByRole("button", { name: "Resume demo" }).click();
    await expect(region).toHaveAttribute("data-paused", "false");
    await region.getByRole("button", { name: "Restart demo" }).click();
    await expect(heroMessages(page)).toHaveCount(0);
    // Played on request, the first message comes without the auto-play's lead-in.
    await page.clock.runFor(600);
    await expect(heroMessages(page)).toHaveCount(1);
  });
});

test.describe("hero demo with reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("does not auto-play: it shows a finished conversation and plays only on request", async ({ page }) => {
    const region = await openWithClockStopped(page);
    await expect(region).toHaveAttribute("data-status", "finished");
    const finished = await heroMessages(page).count();
    expect(finished).toBeGreaterThan(2);
    // Long past when an auto-playing demo would have started over.
    await page.clock.runFor(10_000);
    await expect(heroMessages(page)).toHaveCount(finished);
    await expect(region).toHaveAttribute("data-status", "finished");
    // Complete, not dangling: the list its last answer promised is there.
    await expect(region.getByTestId("hero-document-panel").getByRole("region", { name: "Customers" })).toBeVisible();

    // Without sliding motion.
    const animation = await heroMessages(page)
      .first()
      .locator("p")
      .evaluate((node) => getComputedStyle(node).animationName);
    expect(animation).toBe("none");

    await region.getByRole("button", { name: "Play demo" }).click();
    await expect(heroMessages(page)).toHaveCount(0);
    await page.clock.runFor(600);
    await expect(heroMessages(page)).toHaveCount(1);
  });
});

test.describe("chat experience", () => {
  test("each text-mode question produces its card, and Reset restores the greeting", async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto("/");
    await openChatSection(page);
    const section = chatSection(page);
    const log = section.getByRole("log", { name: "Text chat demo conversation" });
    await expect(log).toHaveAttribute("aria-live", "polite");
    await expect(log.getByText("Hi, how can I help today?")).toBeVisible();
    await expect(section.getByRole("textbox")).toBeDisabled();

    for (const question of QUICK_QUESTIONS) {
      await section.getByRole("button", { name: question.label }).click();
      await expect(log.getByText(question.label)).toBeVisible();
      await expect(section.getByRole("region", { name: question.card })).toBeVisible({ timeout: 5000 });
      // The polite log names the card as it opens.
      await expect(log.getByText(`Showing: ${question.card}`)).toBeAttached();
      await section.getByRole("button", { name: "Reset" }).click();
      await expect(section.getByRole("region", { name: question.card })).toHaveCount(0, { timeout: 3000 });
      await expect(log.locator("li:has(p)")).toHaveCount(1);
      await expect(log.getByText("Hi, how can I help today?")).toBeVisible();
    }
  });

  test("the voice sequence ends on 'Email Sent Successfully' and Close dismisses it", async ({ page }) => {
    await page.goto("/");
    await openChatSection(page);
    const section = chatSection(page);
    const voice = section.getByRole("radio", { name: "Voice Mode" });
    await section.getByRole("radio", { name: "Text Mode" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(voice).toBeFocused();
    await expect(voice).toHaveAttribute("aria-checked", "true");

    const tryDemo = section.getByRole("button", { name: "Try Demo" });
    await tryDemo.click();
    // While it plays the button stays focusable (aria-disabled), so keyboard focus is not dropped to the page.
    await expect(tryDemo).toHaveAttribute("aria-disabled", "true");
    await expect(tryDemo).toBeFocused();
    const log = section.getByRole("log", { name: "Voice demo conversation" });
    await expect(log.locator("li:has(p)")).toHaveCount(1, { timeout: 3000 });
    await expect(log.getByText(/late/).first()).toBeVisible();
    await expect(log.locator("li:has(p)")).toHaveCount(2, { timeout: 4000 });
    await expect(section.getByRole("region", { name: "Email Sent Successfully" })).toBeVisible({ timeout: 4000 });
    await section.getByRole("button", { name: "Close" }).click();
    await expect(section.getByRole("region", { name: "Email Sent Successfully" })).toHaveCount(0);
  });
});

test("no demo makes a network request", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  // The clock runs as usual, and the test moves it on to let the hero demo play a while.
  await page.clock.install();
  await page.goto("/");
  await openChatSection(page);
  await page.waitForLoadState("networkidle");
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));

  await hero(page).scrollIntoViewIfNeeded();
  await page.clock.runFor(6_000);
  await expect(heroMessages(page).first()).toBeVisible();
  await hero(page).getByPlaceholder("Type a message...").fill("hello");
  await hero(page).getByPlaceholder("Type a message...").press("Enter");
  await hero(page).getByRole("button", { name: "Restart demo" }).click();

  await openChatSection(page);
  const section = chatSection(page);
  await section.getByRole("button", { name: QUICK_QUESTIONS[0].label }).click();
  await expect(section.getByRole("region", { name: QUICK_QUESTIONS[0].card })).toBeVisible();
  await section.getByRole("radio", { name: "Voice Mode" }).click();
  await section.getByRole("button", { name: "Try Demo" }).click();
  await expect(section.getByRole("region", { name: "Email Sent Successfully" })).toBeVisible({ timeout: 8000 });

  const origin = new URL(baseURL!).origin;
  const offending = requests.filter((url) => !url.startsWith(origin) || new URL(url).pathname.startsWith("/api"));
  expect(offending).toEqual([]);
});

test.describe("accessibility with every card and panel open", () => {
  test("hero: the service card and every document", async ({ context }) => {
    // Two scripts played through, with axe at each new card and document.
    test.setTimeout(150_000);
    // 0: car valeting, 0.9: carpentry.
    for (const pick of [0, 0.9]) {
      const page = await context.newPage();
      await openWithClockStopped(page, { random: pick });
      const seen = new Set<string>();
      for (let elapsed = 0; elapsed < 45_000; elapsed += 500) {
        await page.clock.runFor(500);
        // What is open, read in one pass over the page as it is now.
        const open = await page.evaluate(() =>
          [
            ["card", '[data-testid="hero-service-card"]'],
            ["panel", '[data-testid="hero-document-panel"]'],
          ].flatMap(([kind, selector]) => {
            const heading = document.querySelector(`${selector} :is(h1, h2, h3, h4, h5, h6, [role="heading"])`);
            return heading ? [`${kind}:${heading.textContent}`] : [];
          }),
        );
        const fresh = open.filter((key) => !seen.has(key));
        if (fresh.length === 0) continue;
        fresh.forEach((key) => seen.add(key));
        await expectHeroAccessibleAsItStands(page);
      }
      expect(seen.size).toBeGreaterThanOrEqual(pick === 0 ? 5 : 2);
      await page.close();
    }
  });

  test("chat experience: every text-mode card and the voice card", async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto("/");
    await openChatSection(page);
    const section = chatSection(page);
    await expectAccessible(page, "#chat-experience");
    for (const question of QUICK_QUESTIONS) {
      await section.getByRole("button", { name: question.label }).click();
      await expect(section.getByRole("region", { name: question.card })).toBeVisible({ timeout: 5000 });
      await expectAccessible(page, "#chat-experience");
      await section.getByRole("button", { name: "Reset" }).click();
      await expect(section.getByRole("button", { name: question.label })).toBeVisible({ timeout: 3000 });
    }
    await section.getByRole("radio", { name: "Voice Mode" }).click();
    await section.getByRole("button", { name: "Try Demo" }).click();
    await expect(section.getByRole("region", { name: "Email Sent Successfully" })).toBeVisible({ timeout: 8000 });
    await expectAccessible(page, "#chat-experience");
  });
});
