import { expect, test, type Page } from "@playwright/test";

import { signInAsAdmin } from "@/e2e/support/admin";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { freshClientAddress } from "@/e2e/support/client-address";
import { solvedProof } from "@/e2e/support/signup";

// The spec files share one database: what this file creates carries this run's token.
const token = `pg${Date.now().toString(36)}`;
const PHONE = { width: 375, height: 812 };

/** The page is no wider than the window: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** The element is on screen horizontally, not pushed past either edge. */
async function expectWithinViewportWidth(page: Page, locator: ReturnType<Page["locator"]>) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

test.describe("privacy notice", () => {
  for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
    test(`renders in the site's frame and passes axe at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const response = await page.goto("/privacy");
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { name: "Privacy notice", level: 1 })).toBeVisible();
      for (const heading of [
        "Who holds your details",
        "What we collect, and why",
        "Counting visits, without a cookie",
        "How long we keep them",
        "Who sees them",
        "Your rights",
      ]) {
        await expect(page.getByRole("heading", { name: heading, level: 2 })).toBeVisible();
      }
      // The contact comes from config (NEXT_PUBLIC_PRIVACY_EMAIL; for a local site, privacy@example.com).
      await expect(page.getByRole("main")).toContainText("privacy@example.com");
      // Writing to it is one click, wherever the notice names it.
      const contact = page.getByRole("main").getByRole("link", { name: "privacy@example.com" });
      await expect(contact.first()).toHaveAttribute("href", "mailto:privacy@example.com");
      expect(await contact.count()).toBe(2);
      await expect(page.getByRole("banner").getByRole("link", { name: "Join Waitlist" })).toHaveAttribute(
        "href",
        "/#join-waitlist",
      );
      await expect(page.getByRole("contentinfo")).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
    });
  }

  test("is linked beside the consent checkbox and from the footer", async ({ page }) => {
    await page.goto("/#join-waitlist");
    const section = page.locator("section#join-waitlist");
    await expect(
      section.getByRole("checkbox", {
        name: "I agree to receive emails about the product and understand I can unsubscribe any time.",
      }),
    ).toBeVisible();
    const formLink = section.getByRole("link", { name: "How we use and protect your details" });
    await expect(formLink).toHaveAttribute("href", "/privacy");
    await formLink.click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { name: "Privacy notice", level: 1 })).toBeVisible();

    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy notice", exact: true }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { name: "Privacy notice", level: 1 })).toBeVisible();
  });
});

test.describe("not-found page", () => {
  test("answers 404 in the site's frame, with its text and a way home and to the waiting list", async ({ page }) => {
    const response = await page.goto(`/no-such-page-${token}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found", level: 1 })).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Back to the home page" })).toHaveAttribute(
      "href",
      "/",
    );
    await expectNoAxeViolations(page);

    await page.getByRole("main").getByRole("link", { name: "Join the waiting list" }).click();
    await expect(page).toHaveURL(/\/#join-waitlist$/);
    await expect(page.getByRole("heading", { name: "Join the Waiting List" })).toBeVisible();
  });
});

test.describe("admin area on a phone", () => {
  test.use({ viewport: PHONE, timezoneId: "UTC" });

  test.beforeAll(async ({ request }) => {
    // A long address and the longest business type: the widest a card has to hold.
    const response = await request.post("/api/waitlist", {
      headers: { "X-Forwarded-For": freshClientAddress(), "Content-Type": "application/json" },
      data: {
        name: `Penelope Longname-Smythe ${token}`,
        email: `penelope.longname-smythe.${token}@plumbing-and-heating-services.example.com`,
        businessType: "trades",
        employees: "11+",
        agreedToTerms: true,
        altcha: await solvedProof(request),
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  });

  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page.request);
  });

  test("the waitlist shows each entry as a compact card, nothing scrolls sideways, Joined gives the time on focus", async ({
    page,
  }) => {
    await page.goto(`/admin?q=${token}`);
    await expect(page.getByRole("heading", { name: "Waitlist Entries", level: 1 })).toBeVisible();
    const row = page.locator("table tbody tr").filter({ hasText: token });
    await expect(row).toHaveCount(1);
    // On a phone each entry is a compact card (name, business, status, place, joined); the address, the team
    // size and the rest are on the entry's page.
    for (const text of [`Penelope Longname-Smythe ${token}`, "Trades"]) {
      await expectWithinViewportWidth(page, row.getByText(text, { exact: false }).first());
    }
    const joined = row.locator("time", {
      hasText: new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(new Date()),
    });
    await expectWithinViewportWidth(page, joined);
    await expectNoSidewaysScroll(page);

    // The table arrives in the server's HTML, before the page's scripts run: focus it again until the
    // browser side has taken over and the tooltip answers.
    const tooltip = page.getByRole("tooltip");
    await expect(async () => {
      await joined.blur();
      await joined.focus();
      await expect(tooltip).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await expect(tooltip).toContainText(/ at \d{2}:\d{2} \(.+ ago\)/);
    await expectNoAxeViolations(page);

    // The mobile menu opens and closes without widening the page.
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test("the admin users page shows each admin's Activate or Deactivate button on screen", async ({ page }) => {
    const created = await page.request.post("/api/admin/users", {
      data: {
        name: `Bartholomew ${token}`,
        email: `bartholomew.longaddress.${token}@administrators.example.com`,
        password: "compiler-pioneer-1952",
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    await page.goto("/admin/users");
    const rows = page.getByTestId("admin-row");
    await expect(rows.filter({ hasText: token })).toHaveCount(1);
    const count = await rows.count();
    expect(count).toBeGreaterThanOrEqual(2);
    for (let index = 0; index < count; index++) {
      const row = rows.nth(index);
      await row.scrollIntoViewIfNeeded();
      await expectWithinViewportWidth(page, row.getByRole("button", { name: /^(Deactivate|Activate) / }));
      await expectWithinViewportWidth(page, row.locator("td").nth(1));
    }
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });
});

test("at desktop width both admin lists stay tables with their column headers", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAdmin(page.request);
  await page.goto("/admin");
  for (const name of ["Email", "Business Type", "Team Size"])
    await expect(page.getByRole("columnheader", { name })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: /Joined/ })).toBeVisible();
  await page.goto("/admin/users");
  for (const name of ["Name", "Email", "Status", "Created", "Actions"])
    await expect(page.getByRole("columnheader", { name, exact: true })).toBeVisible();
});
