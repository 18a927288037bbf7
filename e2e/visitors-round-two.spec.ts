import { expect, test, type Locator, type Page } from "@playwright/test";
import type { ParsedMail } from "mailparser";

import { signInAsAdmin } from "@/e2e/support/admin";
import { expectAnimationsFinished } from "@/e2e/support/animations";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { heroDemo, heroMessages, openWithClockStopped, settleHeroOverlays } from "@/e2e/support/hero-demo";
import { mailboxForTheseTests } from "@/e2e/support/mailbox";
import { signUpWithProof } from "@/e2e/support/signup";
import { linksIn } from "@/test/smtp";

/**
 * What visitors saw in the second round of trying the site as its users would: the demos, the carousel, finding
 * the live demo, the header's highlight, and the header's call to action on the pages for people on the list.
 * Each check runs at the width where the problem was seen.
 */

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };
const WIDE = { width: 1440, height: 900 };

test.use({ timezoneId: "Europe/London", locale: "en-GB" });

/** "1 December 2026" as a date at midnight, where the browser is. */
function parseLongDate(text: string): Date {
  const match = /\d{1,2} [A-Z][a-z]+ \d{4}/.exec(text);
  if (!match) throw new Error(`no date in "${text}"`);
  return new Date(match[0]);
}

const longDate = (date: Date) => date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });

/** Whether `inner` lies wholly inside the visible box of `scroller`. */
async function fullyInside(scroller: Locator, inner: Locator): Promise<boolean> {
  const [outer, box] = [await scroller.boundingBox(), await inner.boundingBox()];
  return !!outer && !!box && box.y >= outer.y - 1 && box.y + box.height <= outer.y + outer.height + 1;
}

/** Moves the stopped clock on until `locator` is there (each step of a script is a few seconds). */
async function runUntil(page: Page, locator: Locator) {
  for (let waited = 0; waited < 60_000 && (await locator.count()) === 0; waited += 250) await page.clock.runFor(250);
  await expect(locator.first()).toBeVisible();
}

test.describe("the hero demo", () => {
  test("at 1280, seen at 16:40: the words name the days the cards show, and the booking is not in the past", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    const now = new Date(2026, 10, 25, 16, 40);
    const region = await openWithClockStopped(page, { random: 0, time: now });
    const panel = region.getByTestId("hero-document-panel");

    await runUntil(page, panel.getByRole("region", { name: "Available slots" }));
    const asked = await heroMessages(page).filter({ hasText: "What's free on the" }).innerText();
    const days = [...asked.matchAll(/(\d{1,2})(?:st|nd|rd|th)/g)].map((match) => Number(match[1]));
    const slotDays = await panel.locator("h4").allInnerTexts();
    expect(slotDays).toHaveLength(2);
    expect(slotDays.map((text) => parseLongDate(text).getDate())).toEqual(days);
    for (const text of slotDays) expect(parseLongDate(text).getTime()).toBeGreaterThan(now.getTime());

    await runUntil(page, panel.getByRole("region", { name: "Booking confirmed" }));
    await settleHeroOverlays(page);
    const booked = panel.getByRole("region", { name: "Booking confirmed" });
    const bookedDay = parseLongDate(await booked.locator("p.font-semibold").first().innerText());
    const start = (await booked.getByText(/^\d{2}:\d{2} to/).innerText()).slice(0, 5).split(":").map(Number);
    const bookedAt = new Date(bookedDay.getFullYear(), bookedDay.getMonth(), bookedDay.getDate(), start[0], start[1]);
    expect(bookedAt.getTime()).toBeGreaterThan(now.getTime());
    // The words say the same day as the card.
    await expect(heroMessages(page).filter({ hasText: "Book her in at 9 on the" })).toContainText(
      `on the ${bookedDay.getDate()}`,
    );
    await expect(heroMessages(page).filter({ hasText: /^.*Booked for/ })).toContainText(
      `Booked for ${longDate(bookedDay)}`,
    );
    await expect(heroMessages(page).filter({ hasText: "{{" })).toHaveCount(0);
  });

  for (const viewport of [DESKTOP, PHONE]) {
    test(`at ${viewport.width}, Enter with a typed message shows nothing new while the demo runs and keeps the text`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const region = await openWithClockStopped(page, { random: 0 });
      await page.clock.runFor(6_000);
      await expect(heroMessages(page)).toHaveCount(2);
      const before = await heroMessages(page).allTextContents();
      const box = region.getByRole("textbox", { name: "Message (demo only)" });
      await box.fill("Invoice Mrs Jones £120");
      await box.press("Enter");
      // The round button is the play button whatever is typed.
      await expect(region.getByRole("button", { name: "Restart demo" })).toBeVisible();
      await page.clock.runFor(100);
      await expect(heroMessages(page)).toHaveText(before);
      await expect(box).toHaveValue("Invoice Mrs Jones £120");
      // The demo goes on with its own script, never the visitor's words.
      await page.clock.runFor(30_000);
      await expect(region.getByText("Invoice Mrs Jones £120")).toHaveCount(0);
      await expect(box).toHaveValue("Invoice Mrs Jones £120");
      await page.clock.resume();
      await expectAnimationsFinished(page, '[role="region"][aria-label$="demo conversation"]');
      await expectNoAxeViolations(page, { include: '[role="region"][aria-label$="demo conversation"]' });
    });
  }

  test("at 375, the customer list breaks no name or address inside a word", async ({ page }) => {
    await page.setViewportSize(PHONE);
    const region = await openWithClockStopped(page, { random: 0 });
    const list = region.getByTestId("hero-document-panel").getByRole("region", { name: "Customers" });
    await runUntil(page, list);
    await settleHeroOverlays(page);
    await heroDemo(page).screenshot({ path: "/tmp/shots-demos/after-hero-375-customers.png" });
    // Every word of a name, and every part of an address between its @ and dots, sits on one line.
    const broken = await list.locator("li p").evaluateAll((paragraphs) =>
      paragraphs.flatMap((paragraph) => {
        const pieces: string[] = [];
        for (const node of paragraph.childNodes) {
          if (node.nodeType !== Node.TEXT_NODE) continue;
          const text = node.textContent ?? "";
          let offset = 0;
          for (const word of text.split(" ")) {
            const range = document.createRange();
            range.setStart(node, offset);
            range.setEnd(node, offset + word.length);
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            if (word && lines.size > 1) pieces.push(word);
            offset += word.length + 1;
          }
        }
        return pieces;
      }),
    );
    expect(broken).toEqual([]);
  });
});

test.describe("the hero with reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("at 1280, the transcript is complete: the customer list its last answer promised is shown", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const region = await openWithClockStopped(page, { random: 0 });
    await expect(heroMessages(page).last()).toContainText("Here they are:");
    const list = region.getByTestId("hero-document-panel").getByRole("region", { name: "Customers" });
    await expect(list).toBeVisible();
    await expect(list.getByText("Sarah Thompson")).toBeVisible();
    // The last line is above the list, not under it.
    const last = await heroMessages(page).last().boundingBox();
    const panel = await region.getByTestId("hero-document-panel").boundingBox();
    expect(last!.y + last!.height).toBeLessThanOrEqual(panel!.y + 1);
  });
});

test.describe("the hero's message box with no demo running (reduced motion)", () => {
  test.use({ reducedMotion: "reduce" });

  test("at 1280, Enter with a typed message starts the demo, shows only the demo, and keeps the text", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    const region = await openWithClockStopped(page, { random: 0 });
    await expect(region).toHaveAttribute("data-status", "finished");
    const box = region.getByRole("textbox", { name: "Message (demo only)" });
    await box.fill("Quote for a full valet");
    await box.press("Enter");
    await expect(region).toHaveAttribute("data-status", "running");
    await page.clock.runFor(600);
    await expect(heroMessages(page)).toHaveCount(1);
    await expect(region.getByText("Quote for a full valet")).toHaveCount(0);
    await expect(box).toHaveValue("Quote for a full valet");
  });
});

const chatSection = (page: Page) => page.locator("#chat-experience");

test.describe("the chat demo's cards", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test(`at ${viewport.width}, the invoices card opens with its heading in view, under the question asked`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto("/#chat-experience");
      const section = chatSection(page);
      await section.getByRole("button", { name: "Show my outstanding invoices" }).click();
      const card = section.getByRole("region", { name: "Outstanding invoices" });
      await expect(card).toBeVisible();
      const scroller = section.getByRole("group", { name: "Conversation" });
      await expectAnimationsFinished(page, "#chat-experience");
      await expect
        .poll(() => fullyInside(scroller, card.getByRole("heading", { name: "Outstanding invoices" })))
        .toBe(true);
      const question = section.getByRole("log").locator('li[data-role="user"]').last();
      await expect(question).toContainText("Show my outstanding invoices");
      await expect.poll(() => fullyInside(scroller, question)).toBe(true);
    });
  }
});

test.describe("voice mode", () => {
  test("at 1280, 'Request handled' waits for the reply, the microphone is no button, and the email card's title shows", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.clock.install();
    await page.goto("/#chat-experience");
    const section = chatSection(page);
    await section.getByRole("radio", { name: "Voice Mode" }).click();
    await expect(section.getByRole("button", { name: "Try Demo" })).toBeVisible();
    // From here the demo's timers move only as the test moves the clock on.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 200);
    const status = section.locator('[role="status"]').filter({ hasText: /Try Demo|Listening|Working|handled/ });
    const mic = section.getByTestId("voice-mic");
    await expect(mic).toBeVisible();
    // A sign, not a control: nothing to press, no pointer, no raised button look.
    expect(await mic.evaluate((node) => getComputedStyle(node).cursor)).not.toBe("pointer");
    expect(await mic.evaluate((node) => getComputedStyle(node).boxShadow)).toBe("none");
    await expect(section.getByRole("button", { name: /microphone|mic/i })).toHaveCount(0);

    await section.getByRole("button", { name: "Try Demo" }).click();
    await expect(status).toHaveText("Listening…");
    await page.clock.runFor(1_500);
    await expect(section.getByTestId("typing-indicator")).toBeVisible();
    await expect(status).toHaveText("Working on it…");
    await page.clock.runFor(2_500);
    await expect(section.getByText(/I've emailed Priya/)).toBeVisible();
    await expect(status).not.toHaveText("Request handled");
    await page.clock.runFor(1_100);
    const card = section.getByRole("region", { name: "Email Sent Successfully" });
    await expect(card).toBeVisible();
    await expect(status).toHaveText("Request handled");
    await page.clock.resume();
    await expectAnimationsFinished(page, "#chat-experience");
    const scroller = section.locator("[data-demo-card]").locator("xpath=..");
    await expect
      .poll(() => fullyInside(scroller, card.getByRole("heading", { name: "Email Sent Successfully" })))
      .toBe(true);
    await expectNoAxeViolations(page, { include: "#chat-experience" });
  });
});

test.describe("the business types carousel", () => {
  for (const viewport of [DESKTOP, WIDE]) {
    test(`at ${viewport.width}, the tabs sit on one row and no watermark is behind the words`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/#business-examples");
      const carousel = page.getByRole("region", { name: "Example commands by business type" });
      const tabs = carousel.getByRole("tab");
      await expect(tabs).toHaveCount(9);
      const tops = await tabs.evaluateAll((nodes) => nodes.map((node) => Math.round(node.getBoundingClientRect().top)));
      expect(new Set(tops).size).toBe(1);
      // Every tab fits: none is half hidden off the end of the row.
      for (const tab of await tabs.all()) await expect(tab).toBeInViewport({ ratio: 1 });

      for (const tab of await tabs.all()) {
        await tab.click();
        const panel = carousel.getByRole("tabpanel");
        const overlaps = await panel.evaluate((node) => {
          const mark = node.querySelector("[data-slide-watermark] svg")!.getBoundingClientRect();
          return [...node.querySelectorAll("h3, h3 + p")].filter((text) => {
            const box = text.getBoundingClientRect();
            return !(
              box.right <= mark.left ||
              box.left >= mark.right ||
              box.bottom <= mark.top ||
              box.top >= mark.bottom
            );
          }).length;
        });
        expect(overlaps, await tab.innerText()).toBe(0);
      }
      await expectNoAxeViolations(page, { include: "#business-examples" });
    });
  }

  test("at 375, Next changes what the visitor can see, and no watermark is behind the words", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/#business-examples");
    // The browser jumps to the section as the page loads, and a scroll of the test's own before that jump would
    // cancel it (the page then stays wherever that scroll left it). So wait for the jump itself: the section's top
    // at the header's gap (`scroll-padding-top`), as a visitor following the link sees it.
    const section = page.locator("#business-examples");
    await expect
      .poll(() =>
        section.evaluate((node) => {
          const gap = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop);
          return Math.abs(node.getBoundingClientRect().top - gap) <= 1;
        }),
      )
      .toBe(true);
    const carousel = page.getByRole("region", { name: "Example commands by business type" });
    const next = carousel.getByRole("button", { name: /^Next business type/ });
    // A tap where the arrow is reaches the arrow (once the section's entrance has settled). Tapped there with the
    // mouse rather than through click(), which scrolls the page to try other spots when its first try misses,
    // and would then judge its own scroll, not what the visitor sees after following the link.
    const tapPoint = () =>
      next.evaluate((node) => {
        const box = node.getBoundingClientRect();
        const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
        return node.contains(document.elementFromPoint(x, y)) ? { x, y } : null;
      });
    await expect.poll(tapPoint).not.toBeNull();
    const { x, y } = (await tapPoint())!;
    await page.mouse.click(x, y);
    const heading = carousel.getByRole("tabpanel").getByRole("heading", { level: 3 });
    await expect(heading).toHaveText("Cleaning");
    // Seen without scrolling: the arrows sit above the slide they change.
    await expect(next).toBeInViewport();
    await expect(heading).toBeInViewport();
    const overlaps = await carousel.getByRole("tabpanel").evaluate((node) => {
      const mark = node.querySelector("[data-slide-watermark] svg")!.getBoundingClientRect();
      return [...node.querySelectorAll("h3, h3 + p")].filter((text) => {
        const box = text.getBoundingClientRect();
        return !(box.right <= mark.left || box.left >= mark.right || box.bottom <= mark.top || box.top >= mark.bottom);
      }).length;
    });
    expect(overlaps).toBe(0);
  });
});

test.describe("finding the live demo", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test(`at ${viewport.width}, "See it in action" lands on the live chat demo`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/");
      await page.getByRole("link", { name: "See it in action" }).click();
      await expect(page).toHaveURL(/#chat-experience$/);
      await expect(page.getByRole("radiogroup", { name: "Demo mode" })).toBeInViewport();
    });
  }

  test("at 1280, the header lists its links in the promised order and marks the section whose top is above 100 px", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText([
      "Pain Points",
      "Examples",
      "Chat Interface",
      /^Why /,
      "Features and Benefits",
    ]);
    const scrollSectionTo = (id: string, top: number) =>
      page
        .locator(`#${id}`)
        .evaluate(
          (node, at) =>
            window.scrollTo({ top: node.getBoundingClientRect().top + window.scrollY - at, behavior: "instant" }),
          top,
        );

    await scrollSectionTo("pain-points", 90);
    await expect(nav.getByRole("link", { name: "Pain Points" })).toHaveAttribute("aria-current", "location");
    // The business types (no link of their own) fill most of the screen, but their top is still below 100 px.
    await scrollSectionTo("business-examples", 150);
    await expect(nav.getByRole("link", { name: "Pain Points" })).toHaveAttribute("aria-current", "location");
    await scrollSectionTo("business-examples", 90);
    await expect(nav.getByRole("link", { name: "Pain Points" })).not.toHaveAttribute("aria-current");
    await scrollSectionTo("chat-experience", 150);
    await expect(nav.getByRole("link", { name: "Chat Interface" })).not.toHaveAttribute("aria-current");
    await scrollSectionTo("chat-experience", 90);
    await expect(nav.getByRole("link", { name: "Chat Interface" })).toHaveAttribute("aria-current", "location");
  });

  test.describe("with reduced motion", () => {
    test.use({ reducedMotion: "reduce" });

    test("at 1280, a header link jumps without a smooth scroll", async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await page.goto("/");
      await page.evaluate(() => window.scrollTo({ top: window.innerHeight, behavior: "instant" }));
      const nav = page.getByRole("navigation", { name: "Main" });
      await nav.getByRole("link", { name: "Chat Interface" }).click();
      // Already there on the next frame.
      const top = await page.evaluate(
        () =>
          new Promise<number>((resolve) =>
            requestAnimationFrame(() =>
              resolve(document.getElementById("chat-experience")!.getBoundingClientRect().top),
            ),
          ),
      );
      expect(Math.abs(top - 80)).toBeLessThanOrEqual(2);
    });
  });
});

test.describe("the header on the pages for people on the list", () => {
  const mailbox = mailboxForTheseTests();

  const mailTo = (address: string, subject = "") => mailbox.mailTo(address, { subject });
  const linkOf = (mail: ParsedMail, path: string) => linksIn(mail).find((link) => link.includes(path))!;

  async function expectHeaderCta(page: Page, name: string, href: string) {
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "Join Waitlist" })).toHaveCount(0);
    await expect(banner.getByRole("link", { name })).toHaveAttribute("href", href);
    await expectNoAxeViolations(page);
  }

  test("at 1280: thanks, confirmed, already confirmed and status offer the demo; leave, left and early access the way home", async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(DESKTOP);
    const run = Date.now().toString(36);
    const email = `round.two.${run}@example.com`;
    const signup = await signUpWithProof(request, {
      name: "Robin Round",
      email,
      businessType: "cleaning",
      employees: "2-5",
      agreedToTerms: true,
    });
    expect(signup.status()).toBe(201);
    const mail = await mailTo(email);

    await page.goto(linkOf(mail, "/waitlist/confirm?token="));
    await expect(page).toHaveURL(/done=1/);
    await expectHeaderCta(page, "See the demo", "/#chat-experience");
    await page.goto(linkOf(mail, "/waitlist/confirm?token="));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectHeaderCta(page, "See the demo", "/#chat-experience");
    // Their place in line, from the "you're confirmed" email, and the page the form without script lands on.
    await page.goto(linkOf(await mailTo(email, "You're confirmed"), "/waitlist/status?token="));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectHeaderCta(page, "See the demo", "/#chat-experience");
    await page.goto("/waitlist/thanks");
    await expectHeaderCta(page, "See the demo", "/#chat-experience");

    // Invited, and welcomed.
    await signInAsAdmin(page.request);
    const invited = await page.request.post("/api/admin/waitlist/invitations", {
      data: { filter: { q: email }, limit: 1 },
    });
    expect(invited.status(), await invited.text()).toBe(200);
    const invitation = await mailTo(email, "Your invitation");
    const visitorContext = await browser.newContext({ viewport: DESKTOP });
    const visitor = await visitorContext.newPage();
    await visitor.goto(linkOf(invitation, "/early-access?token="));
    await expect(visitor.getByRole("heading", { level: 1, name: /Welcome to early access/ })).toBeVisible();
    await expectHeaderCta(visitor, "Back to Otto", "/");

    // Leaving: the page that asks, and the page after.
    await visitor.goto(linkOf(mail, "/waitlist/leave?token="));
    await expectHeaderCta(visitor, "Back to Otto", "/");
    await visitor.getByRole("button", { name: /remove|leave/i }).click();
    await expect(visitor).toHaveURL(/done=1/);
    await expectHeaderCta(visitor, "Back to Otto", "/");
    await visitorContext.close();
  });
});
