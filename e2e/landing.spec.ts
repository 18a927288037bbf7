import { expect, test, type Locator, type Page } from "@playwright/test";

import { expectNoAxeViolations } from "@/e2e/support/axe";
import { landingSectionIds } from "@/e2e/support/landing";

/**
 * The landing page at a phone and a desktop width: structure, header behaviour, in-page navigation,
 * the business-examples carousel, reduced motion, the footer, network isolation and accessibility.
 */

const WIDTHS = [
  { name: "mobile", width: 375, height: 812 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

/** Resolves once the browser has drawn two more frames: what the last change set off has run, or started. */
async function twoFrames(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

async function scrollToY(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
  // Let the scroll listener's animation frame run.
  await twoFrames(page);
}

/** Scrolls the whole page in steps, so every section has been revealed, then waits for the transitions to end. */
async function revealEverything(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y <= height; y += 400) await scrollToY(page, y);
  await expect
    .poll(() =>
      page
        .locator("[data-reveal]")
        .evaluateAll((nodes) =>
          nodes.every(
            (node) => getComputedStyle(node).opacity === "1" && node.getAttribute("data-revealed") === "true",
          ),
        ),
    )
    .toBe(true);
}

async function sectionTop(page: Page, id: string): Promise<number> {
  return page.evaluate((sectionId) => document.getElementById(sectionId)!.getBoundingClientRect().top, id);
}

/**
 * Waits until the page has stopped scrolling: the same position on four samples 150 ms apart. One
 * repeat is not enough on a loaded machine, where a smooth scroll can stall for a frame or two.
 */
async function waitForScrollToSettle(page: Page) {
  const samples: number[] = [];
  await expect
    .poll(
      async () => {
        samples.push(await page.evaluate(() => window.scrollY));
        const last = samples.slice(-4);
        return last.length === 4 && last.every((y) => y === last[0]);
      },
      { intervals: [150], timeout: 15_000 },
    )
    .toBe(true);
}

function header(page: Page): Locator {
  return page.getByRole("banner");
}

/** Navigation links the visitor can see at this width (desktop bar or open mobile menu). */
function navLinks(page: Page, mobile: boolean): Locator {
  return page.getByRole("navigation", { name: mobile ? "Main menu" : "Main" }).getByRole("link");
}

for (const viewport of WIDTHS) {
  const mobile = viewport.width < 768;

  test.describe(`landing page at ${viewport.width}px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("every section anchor exists, in page order", async ({ page }) => {
      await page.goto("/");
      const expected = await landingSectionIds(page);
      const found = await page.evaluate((ids) => {
        const elements = ids.map((id) => document.getElementById(id));
        const missing = ids.filter((_, index) => !elements[index]);
        const inOrder = elements.every(
          (element, index) =>
            index === 0 ||
            (element !== null &&
              elements[index - 1] !== null &&
              Boolean(elements[index - 1]!.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING)),
        );
        const tops = elements.map((element) => (element ? element.getBoundingClientRect().top + window.scrollY : NaN));
        return { missing, inOrder, tops };
      }, expected);
      expect(found.missing).toEqual([]);
      expect(found.inOrder).toBe(true);
      // Laid out top to bottom too (a section still empty, such as a placeholder, may share its neighbour's top).
      for (let index = 1; index < found.tops.length; index++) {
        expect(found.tops[index]!).toBeGreaterThanOrEqual(found.tops[index - 1]!);
      }
      // Every section is inside main, and the page has one h1: the headline.
      await expect(page.locator("main#main > #hero")).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "Imagine an AI employee doing the jobs you don't have time for",
      );
    });

    test("the header appears after 95% of the viewport, is translucent after 20px and marks the current section", async ({
      page,
    }) => {
      await page.goto("/");
      const bar = header(page);
      const vh = viewport.height;

      await expect(bar).toHaveAttribute("data-visible", "false");
      await expect(bar).toHaveAttribute("data-translucent", "false");
      await expect(bar).toHaveCSS("opacity", "0");
      await expect(bar).toHaveCSS("background-color", "rgba(0, 0, 0, 0)");

      await scrollToY(page, 15);
      await expect(bar).toHaveAttribute("data-translucent", "false");
      await scrollToY(page, 30);
      await expect(bar).toHaveAttribute("data-translucent", "true");
      await expect(bar).toHaveAttribute("data-visible", "false");

      await scrollToY(page, Math.floor(vh * 0.9));
      await expect(bar).toHaveAttribute("data-visible", "false");
      await scrollToY(page, Math.ceil(vh * 0.97));
      await expect(bar).toHaveAttribute("data-visible", "true");
      await expect(bar).toHaveCSS("opacity", "1");
      // Translucent: a background with alpha below 1 and a backdrop blur.
      const { background, backdrop } = await bar.evaluate((node) => {
        const style = getComputedStyle(node);
        return { background: style.backgroundColor, backdrop: style.backdropFilter };
      });
      const alpha = Number(/(?:\/\s*|,\s*)([\d.]+)\)$/.exec(background)?.[1] ?? "1");
      expect(alpha).toBeGreaterThan(0);
      expect(alpha).toBeLessThan(1);
      expect(backdrop).toContain("blur");

      // Active link: the section whose top has passed 100px.
      if (mobile) await page.getByRole("button", { name: "Open menu" }).click();
      const links = navLinks(page, mobile);
      const featuresLink = links.filter({ hasText: "Features and Benefits" });
      const painLink = links.filter({ hasText: "Pain Points" });

      const scrollSectionTo = async (id: string, top: number) => {
        const current = await sectionTop(page, id);
        const y = await page.evaluate(() => window.scrollY);
        await scrollToY(page, y + current - top);
      };
      await scrollSectionTo("pain-points", 101);
      await expect(painLink).not.toHaveAttribute("aria-current");
      await scrollSectionTo("pain-points", 99);
      await expect(painLink).toHaveAttribute("aria-current", "location");
      await scrollSectionTo("features", 60);
      await expect(featuresLink).toHaveAttribute("aria-current", "location");
      await expect(painLink).not.toHaveAttribute("aria-current");
      // The desktop bar and the mobile menu list the same links; each marks only the current one.
      await expect(page.locator("header [aria-current]")).toHaveCount(2);
      // A section without a nav link is current: no link is marked, not the last linked section above it.
      await scrollSectionTo("comparison", 60);
      await expect(page.locator("header [aria-current]")).toHaveCount(0);
      await scrollSectionTo("examples", 60);
      await expect(links.filter({ hasText: /^Examples$/ })).toHaveAttribute("aria-current", "location");
      await expect(page.locator("header [aria-current]")).toHaveCount(2);
      await scrollSectionTo("industries", 60);
      await expect(page.locator("header [aria-current]")).toHaveCount(0);
    });

    test("in-page links scroll smoothly to 80px below the top and update the address", async ({ page }) => {
      await page.goto("/");
      await scrollToY(page, viewport.height);
      await expect(header(page)).toHaveAttribute("data-visible", "true");

      if (mobile) {
        await page.getByRole("button", { name: "Open menu" }).click();
      }
      // Record the scroll position every frame, to tell a smooth scroll from a jump.
      await page.evaluate(() => {
        const positions: number[] = [];
        (window as unknown as { __positions: number[] }).__positions = positions;
        const record = () => {
          positions.push(window.scrollY);
          if (positions.length < 240) requestAnimationFrame(record);
        };
        requestAnimationFrame(record);
      });
      const start = await page.evaluate(() => window.scrollY);
      await navLinks(page, mobile).filter({ hasText: "Features and Benefits" }).click();
      await waitForScrollToSettle(page);

      expect(Math.abs((await sectionTop(page, "features")) - 80)).toBeLessThanOrEqual(2);
      await expect(page).toHaveURL(/#features$/);
      const end = await page.evaluate(() => window.scrollY);
      const positions = await page.evaluate(() => (window as unknown as { __positions: number[] }).__positions);
      // A jump goes from start to end in one frame; a smooth scroll passes through positions in between. How
      // many frames a busy machine draws during it varies, so any one in between tells the two apart.
      const between = new Set(positions.filter((y) => y > start + 5 && y < end - 5));
      expect(between.size).toBeGreaterThanOrEqual(1);
      // The active link follows.
      if (mobile) {
        await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
      } else {
        await expect(navLinks(page, false).filter({ hasText: "Features and Benefits" })).toHaveAttribute(
          "aria-current",
          "location",
        );
      }

      // A link inside the page content (the pain points call to action) works the same way.
      await page.getByRole("link", { name: "Join the Waitlist Today" }).click();
      await waitForScrollToSettle(page);
      await expect(page).toHaveURL(/#join-waitlist$/);
      const waitlistTop = await sectionTop(page, "join-waitlist");
      const atBottom = await page.evaluate(
        () => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1,
      );
      // The last section may sit lower if the page cannot scroll further.
      if (!atBottom) expect(Math.abs(waitlistTop - 80)).toBeLessThanOrEqual(2);
      else expect(waitlistTop).toBeGreaterThanOrEqual(78);
    });

    test("sections below the hero render once the page is idle; jumps land exactly even before that", async ({
      page,
    }) => {
      // Hold back idle callbacks, so the sections below the hero are still deferred when the link is used.
      const holdIdle = () => {
        window.requestIdleCallback = () => 0;
      };
      await page.addInitScript(holdIdle);
      await page.goto("/");
      await expect(page.locator("main > section[data-defer-render]")).toHaveCount(10);
      // "See it in action" goes to the live chat demo.
      await page.getByRole("link", { name: "See it in action" }).click();
      await waitForScrollToSettle(page);
      await expect(page).toHaveURL(/#chat-experience$/);
      expect(Math.abs((await sectionTop(page, "chat-experience")) - 80)).toBeLessThanOrEqual(2);
      await expect(page.locator("[data-defer-render]")).toHaveCount(0);

      // Opened at an anchor, the page lays every section out from the start and lands on it.
      const fresh = await page.context().newPage();
      await fresh.addInitScript(holdIdle);
      await fresh.goto("/#industries");
      await waitForScrollToSettle(fresh);
      expect(Math.abs((await sectionTop(fresh, "industries")) - 80)).toBeLessThanOrEqual(2);

      // Left alone, the page renders them all once it is idle.
      const idle = await page.context().newPage();
      await idle.goto("/");
      await expect(idle.locator("[data-defer-render]")).toHaveCount(0);
    });

    test("the skip link moves focus to the main content", async ({ page }) => {
      await page.goto("/");
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to main content" });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press("Enter");
      await expect(page.locator("main#main")).toBeFocused();
    });

    if (mobile) {
      test("the menu toggle works by keyboard", async ({ page }) => {
        await page.goto("/");
        const toggle = page.getByRole("button", { name: "Open menu" });
        const menu = page.locator("#mobile-menu");
        await expect(toggle).toHaveAttribute("aria-controls", "mobile-menu");
        await expect(menu).toBeHidden();

        // Tab from the skip link reaches the header, which shows itself while it holds focus.
        await page.keyboard.press("Tab");
        for (let i = 0; i < 5 && !(await toggle.evaluate((node) => node === document.activeElement)); i++) {
          await page.keyboard.press("Tab");
        }
        await expect(toggle).toBeFocused();
        await expect(header(page)).toHaveAttribute("data-visible", "true");

        await page.keyboard.press("Enter");
        await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
        await expect(menu).toBeVisible();
        await page.keyboard.press("Tab");
        await expect(navLinks(page, true).first()).toBeFocused();

        await page.keyboard.press("Escape");
        await expect(menu).toBeHidden();
        await expect(toggle).toHaveAttribute("aria-expanded", "false");
        await expect(toggle).toBeFocused();

        await page.keyboard.press("Space");
        await expect(menu).toBeVisible();
        await page.keyboard.press("Space");
        await expect(menu).toBeHidden();

        // Following a link with the keyboard closes the menu and lands on the section.
        await page.keyboard.press("Enter");
        await page.keyboard.press("Tab");
        await page.keyboard.press("Tab");
        await expect(navLinks(page, true).nth(1)).toBeFocused();
        await page.keyboard.press("Enter");
        await expect(menu).toBeHidden();
        await expect(page).toHaveURL(/#examples$/);
        await expect(page.locator("#examples")).toBeFocused();
      });
    } else {
      test("the desktop header shows the nav links and no menu toggle", async ({ page }) => {
        await page.goto("/");
        await scrollToY(page, viewport.height);
        await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
        await expect(navLinks(page, false)).toHaveText([
          "Pain Points",
          "Examples",
          "Chat Interface",
          /^Why /,
          "Features and Benefits",
        ]);
        await expect(header(page).getByRole("link", { name: "Join Waitlist" })).toBeVisible();
      });
    }

    test("the business examples carousel works by mouse and keyboard", async ({ page }) => {
      await page.goto("/");
      const carousel = page.getByRole("region", { name: "Example commands by business type" });
      await carousel.scrollIntoViewIfNeeded();
      const tabs = carousel.getByRole("tab");
      await expect(tabs).toHaveCount(9);
      const panel = carousel.getByRole("tabpanel");
      const expectSlide = async (label: string) => {
        await expect(carousel.getByRole("tab", { name: label })).toHaveAttribute("aria-selected", "true");
        await expect(panel).toHaveCount(1);
        await expect(panel.getByRole("heading", { level: 3 })).toHaveText(label);
        await expect(panel.getByRole("heading", { level: 3 })).toBeVisible();
        await expect(panel.getByRole("listitem")).toHaveCount(3);
        await expect(carousel.getByRole("button", { name: new RegExp(`^${label} \\(\\d of 9\\)$`) })).toHaveAttribute(
          "aria-current",
          "true",
        );
      };
      await expectSlide("Trades");

      // Mouse: tabs, arrows (wrapping both ways) and dots.
      await carousel.getByRole("tab", { name: "Salon" }).click();
      await expectSlide("Salon");
      await carousel.getByRole("tab", { name: "Trades" }).click();
      await carousel.getByRole("button", { name: /^Previous business type/ }).click();
      await expectSlide("More Options");
      await carousel.getByRole("button", { name: /^Next business type/ }).click();
      await expectSlide("Trades");
      await carousel.getByRole("button", { name: /^Next business type/ }).click();
      await expectSlide("Cleaning");
      await carousel.getByRole("button", { name: "Photography (7 of 9)" }).click();
      await expectSlide("Photography");

      // Keyboard: arrow keys on the tabs wrap round, Home and End jump.
      await carousel.getByRole("tab", { name: "Photography" }).focus();
      await page.keyboard.press("ArrowRight");
      await expectSlide("Landscaping");
      await expect(carousel.getByRole("tab", { name: "Landscaping" })).toBeFocused();
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowRight");
      await expectSlide("Trades");
      await page.keyboard.press("ArrowLeft");
      await expectSlide("More Options");
      await page.keyboard.press("Home");
      await expectSlide("Trades");
      await page.keyboard.press("End");
      await expectSlide("More Options");
      // Only the selected tab is in the tab order.
      await expect(carousel.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);

      // Keyboard on the arrows and dots.
      await carousel.getByRole("button", { name: /^Next business type/ }).focus();
      await page.keyboard.press("Enter");
      await expectSlide("Trades");
      await carousel.getByRole("button", { name: /^Previous business type/ }).focus();
      await page.keyboard.press("Space");
      await expectSlide("More Options");
      await carousel.getByRole("button", { name: "Valeting (3 of 9)" }).focus();
      await page.keyboard.press("Enter");
      await expectSlide("Valeting");
    });

    test("with reduced motion nothing moves: content is shown at once, without transforms", async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto("/");

      const noMotion = async (selector: string) =>
        page.locator(selector).evaluateAll((nodes) =>
          nodes.map((node) => {
            const style = getComputedStyle(node);
            return { opacity: style.opacity, transform: style.transform, translate: style.translate };
          }),
        );
      const reveals = await noMotion("[data-reveal]");
      expect(reveals.length).toBeGreaterThan(10);
      for (const state of reveals) expect(state).toEqual({ opacity: "1", transform: "none", translate: "none" });

      // Scroll-linked effects stay still while the page scrolls.
      await scrollToY(page, viewport.height * 0.6);
      const [logo] = await noMotion("[data-hero-logo]");
      expect(logo).toEqual({ opacity: "1", transform: "none", translate: "none" });
      const [frame] = await noMotion("[data-device-tilt]");
      expect(frame?.transform).toBe("none");
      await page.locator("#integrations").scrollIntoViewIfNeeded();
      await scrollToY(page, await page.evaluate(() => window.scrollY + 200));
      for (const row of await noMotion("[data-drift]")) expect(row.transform).toBe("none");

      // The header is shown or hidden without sliding.
      await scrollToY(page, 0);
      expect((await noMotion("header"))[0]?.translate).toMatch(/^(none|0px( 0px)?)$/);

      // In-page links jump instead of gliding.
      await scrollToY(page, viewport.height);
      if (mobile) await page.getByRole("button", { name: "Open menu" }).click();
      await navLinks(page, mobile).filter({ hasText: "Features and Benefits" }).click();
      expect(Math.abs((await sectionTop(page, "features")) - 80)).toBeLessThanOrEqual(2);

      // No animation or movement of ours is running. (The global reduced-motion rule shortens every transition to
      // 0.01 ms rather than removing it, so only transitions that move or fade something longer than that count.)
      await twoFrames(page);
      const running = await page.evaluate(() => {
        const moving = new Set(["transform", "translate", "scale", "rotate", "opacity", "top", "left", "all"]);
        return document
          .getAnimations()
          .filter((animation) => {
            const target = (animation.effect as KeyframeEffect | null)?.target;
            if (animation.playState !== "running" || !(target instanceof Element)) return false;
            if (target.closest("#chat-experience, [data-device-tilt], #join-waitlist")) return false;
            const duration = Number(animation.effect?.getComputedTiming().duration ?? 0);
            if (duration <= 1) return false;
            const property = (animation as CSSTransition).transitionProperty;
            return property === undefined || moving.has(property);
          })
          .map((animation) => {
            const target = (animation.effect as KeyframeEffect).target as Element;
            const name = (animation as CSSTransition).transitionProperty ?? (animation as CSSAnimation).animationName;
            return `${target.tagName.toLowerCase()}.${String(target.className).slice(0, 60)}: ${name}`;
          });
      });
      expect(running).toEqual([]);
    });

    test("the footer has its links, the tagline and this year's copyright", async ({ page }) => {
      await page.goto("/");
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByRole("link")).toHaveText([
        /.+/,
        /^Why /,
        "Examples",
        "Features",
        "Industries",
        "Join Waitlist",
        "Privacy notice",
      ]);
      await expect(footer.getByRole("link", { name: "Privacy notice" })).toHaveAttribute("href", "/privacy");
      await expect(footer.getByRole("link", { name: "Examples", exact: true })).toHaveAttribute("href", "#examples");
      await expect(footer).toContainText("Your AI employee");
      await expect(footer).toContainText(`© ${new Date().getFullYear()} `);
      await expect(footer.locator("svg")).toHaveCount(0);
    });

    test("no request leaves localhost while the page loads and scrolls", async ({ page }) => {
      const outside: string[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.protocol === "data:" || url.protocol === "blob:") return;
        if (!["127.0.0.1", "localhost", "[::1]"].includes(url.hostname)) outside.push(request.url());
      });
      await page.goto("/", { waitUntil: "networkidle" });
      await revealEverything(page);
      await page.waitForLoadState("networkidle");
      expect(outside).toEqual([]);
    });

    test("axe finds no WCAG 2.2 AA violation", async ({ page }) => {
      await page.goto("/");
      await revealEverything(page);
      await scrollToY(page, 0);
      await expectNoAxeViolations(page);

      if (mobile) {
        await scrollToY(page, viewport.height);
        await page.getByRole("button", { name: "Open menu" }).click();
        await expect(page.locator("#mobile-menu")).toBeVisible();
        await expectNoAxeViolations(page);
      } else {
        // The header over the page, as a visitor sees it mid-scroll.
        await scrollToY(page, viewport.height * 2);
        await expect(header(page)).toHaveCSS("opacity", "1");
        await expectNoAxeViolations(page);
      }
    });
  });
}

test("metadata: title, description, canonical, social cards, icons and structured data", async ({ page, request }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/AI employee/);
  const meta = (selector: string) => page.locator(selector).first().getAttribute("content");
  expect(await meta('meta[name="description"]')).toBeTruthy();
  expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(/^https?:\/\/[^/]+\/?$/);
  expect(await meta('meta[property="og:title"]')).toBeTruthy();
  expect(await meta('meta[name="twitter:card"]')).toBe("summary_large_image");

  for (const selector of ['meta[property="og:image"]', 'meta[name="twitter:image"]']) {
    const url = new URL((await meta(selector))!);
    const image = await request.get(url.pathname + url.search);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
  }
  for (const selector of ['link[rel="icon"]', 'link[rel="apple-touch-icon"]']) {
    const href = await page.locator(selector).first().getAttribute("href");
    expect((await request.get(href!)).status()).toBe(200);
  }

  const robots = await request.get("/robots.txt");
  expect(await robots.text()).toMatch(/Sitemap: .*\/sitemap\.xml/);
  const sitemap = await request.get("/sitemap.xml");
  expect(await sitemap.text()).toContain("<loc>");

  const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
  const graph = (JSON.parse(jsonLd!) as { "@graph": { "@type": string }[] })["@graph"];
  expect(graph.map((node) => node["@type"])).toEqual(expect.arrayContaining(["Organization", "Product"]));
});
