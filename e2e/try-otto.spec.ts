import { expect, test, type Page } from "@playwright/test";

import { TRY_OTTO_COPY, TRY_OTTO_FALLBACK_NOTICES } from "@/content/demo/try-otto";
import { signInAsAdmin } from "@/e2e/support/admin";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { freshClientAddress } from "@/e2e/support/client-address";
import { FAKE_QUOTE_REPLY, FAKE_SCRIPT_REPLY, TRY_OTTO_MARKERS } from "@/e2e/support/fake-openai.mjs";
import { awayFromWindowEdge } from "@/test/rate-limit-window";

// The main server has OPENAI_API_KEY=test-key and talks to e2e/support/fake-openai.mjs; the bare one has no key;
// the strict one has a key and a day's budget below one call's worst case.
const BOILER = "quote for a boiler service for Mrs Patel, £95";
const fakeCalls = async (page: Page) => {
  const base = process.env.E2E_FAKE_OPENAI_URL!.replace(/\/v1$/, "");
  return ((await (await page.request.get(`${base}/try-otto/calls`)).json()) as { calls: number }).calls;
};

/**
 * Scrolls to just above the section's place: it appears only while its place is below the view (so nothing being
 * read moves), once the server has said the demo is on.
 */
async function approachSection(page: Page) {
  // Once every section has its real height (they render when the page is idle), the place stays where it is measured.
  await expect(page.locator("[data-defer-render]")).toHaveCount(0);
  await page.evaluate(() => {
    const place = document.getElementById("try-otto")!.previousElementSibling!;
    window.scrollTo({
      top: place.getBoundingClientRect().top + window.scrollY - window.innerHeight - 40,
      behavior: "instant",
    });
  });
}

/** Opens the landing page as a client of `address` and brings the live demo section into view. */
async function openSection(page: Page, address: string, baseURL = "") {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": address });
  await page.goto(`${baseURL}/`);
  await approachSection(page);
  const section = page.locator("section#try-otto");
  await expect(section).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  return section;
}

/** Opts in (first use), types a request and presses Ask. */
async function ask(page: Page, message: string) {
  const section = page.locator("section#try-otto");
  const consent = section.getByRole("checkbox", { name: TRY_OTTO_COPY.consent });
  if (await consent.isVisible()) await consent.check();
  await section.getByRole("textbox", { name: TRY_OTTO_COPY.inputLabel }).fill(message);
  await section.getByRole("button", { name: TRY_OTTO_COPY.ask }).click();
}

const log = (page: Page) => page.getByRole("log", { name: TRY_OTTO_COPY.log });

test.describe("Try Otto live", () => {
  test("a visitor opts in, asks for a quote and gets the fake model's quote card", async ({ page }) => {
    const section = await openSection(page, freshClientAddress());
    await expect(section.getByRole("heading", { level: 2, name: TRY_OTTO_COPY.heading })).toBeVisible();
    // Nothing goes to the model before Ask, and Ask needs the consent first.
    const before = await fakeCalls(page);
    await section.getByRole("textbox", { name: TRY_OTTO_COPY.inputLabel }).fill(BOILER);
    await section.getByRole("button", { name: TRY_OTTO_COPY.ask }).click();
    await expect(section.getByRole("alert")).toContainText("tick the box");
    expect(await fakeCalls(page)).toBe(before);

    await ask(page, BOILER);
    const quote = log(page).getByRole("region", { name: /^Quote Q-/ });
    await expect(quote).toBeVisible();
    await expect(quote).toContainText("For Mrs Patel");
    await expect(quote).toContainText("Boiler service");
    await expect(quote).toContainText("£95");
    await expect(log(page)).toContainText(FAKE_QUOTE_REPLY);
    await expect(section).toContainText(TRY_OTTO_COPY.turnsLeft(2));
    expect(await fakeCalls(page)).toBe(before + 1);
    // The consent was asked once.
    await expect(section.getByRole("checkbox")).toHaveCount(0);
    await expectNoAxeViolations(page, { include: "#try-otto" });
  });

  test("the fourth conversation from one network gets the scripted answer, without a call", async ({ page }) => {
    test.setTimeout(120_000);
    await awayFromWindowEdge(86_400_000, 90_000);
    const address = freshClientAddress();
    for (let conversation = 1; conversation <= 3; conversation += 1) {
      await openSection(page, address);
      await ask(page, BOILER);
      await expect(log(page).getByRole("region", { name: /^Quote Q-/ })).toBeVisible();
      await expect(log(page)).not.toContainText(TRY_OTTO_FALLBACK_NOTICES.network);
    }
    await openSection(page, address);
    const before = await fakeCalls(page);
    await ask(page, BOILER);
    await expect(log(page)).toContainText(TRY_OTTO_FALLBACK_NOTICES.network);
    // The scripted demo's closest answer: its own quote.
    await expect(log(page).getByRole("region", { name: /^Quote Q-/ })).toContainText("Sarah");
    await expect(page.locator("section#try-otto")).toContainText(TRY_OTTO_COPY.startOver);
    expect(await fakeCalls(page)).toBe(before);
  });

  test("a reply carrying markup shows as text and runs nothing", async ({ page }) => {
    await openSection(page, freshClientAddress());
    await ask(page, `Say hello ${TRY_OTTO_MARKERS.script}`);
    await expect(log(page)).toContainText(FAKE_SCRIPT_REPLY);
    await expect(log(page).locator("script, img")).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __ottoInjected?: boolean }).__ottoInjected)).toBeUndefined();
  });

  test("with the day's budget spent, an attempt gets the scripted answer and makes no call", async ({ page }) => {
    await openSection(page, freshClientAddress(), process.env.E2E_STRICT_URL);
    const before = await fakeCalls(page);
    await ask(page, BOILER);
    await expect(log(page)).toContainText(TRY_OTTO_FALLBACK_NOTICES.budget);
    await expect(log(page).getByRole("region", { name: /^Quote Q-/ })).toBeVisible();
    expect(await fakeCalls(page)).toBe(before);
  });

  test("without an AI key the section is absent", async ({ page }) => {
    const bare = process.env.E2E_BARE_URL!;
    await page.goto(`${bare}/`);
    const status = page.waitForResponse(`${bare}/api/try-otto`);
    await approachSection(page);
    expect(await (await status).json()).toEqual({ enabled: false });
    await expect(page.locator("section#try-otto")).toBeHidden();
    await expect(page.getByRole("heading", { name: TRY_OTTO_COPY.heading })).toHaveCount(0);
  });

  test("the owner sees the demo on the overview and turns it off and on again in Settings", async ({ page }) => {
    await signInAsAdmin(page.request);
    await page.goto("/admin/overview?range=today");
    const card = page.getByRole("region", { name: /^Live demo/ });
    await expect(card).toContainText("Conversations today");
    await expect(card.getByTestId("try-otto-spend")).toContainText("of $5.00");
    await expect(card).toContainText("Network's 3 a day used");

    await page.goto("/admin/settings");
    const section = page.getByRole("region", { name: "Live demo" });
    const box = section.getByRole("checkbox", { name: /Show “Try it with your own words”/ });
    await expect(box).toBeChecked();
    await expectNoAxeViolations(page, { include: 'section[aria-labelledby="try-otto-heading"]' });
    try {
      await box.click();
      await section.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Live demo off")).toBeVisible();
      expect(await (await page.request.get("/api/try-otto")).json()).toEqual({ enabled: false });
      await page.goto("/");
      const status = page.waitForResponse("/api/try-otto");
      await approachSection(page);
      expect(await (await status).json()).toEqual({ enabled: false });
      await expect(page.locator("section#try-otto")).toBeHidden();
    } finally {
      await page.goto("/admin/settings");
      await box.check();
      await section.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Live demo on")).toBeVisible();
    }
    expect(await (await page.request.get("/api/try-otto")).json()).toEqual({ enabled: true });
  });
});
