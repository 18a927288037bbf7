import { devices, expect, test, type Browser, type BrowserContext, type Page, type Response } from "@playwright/test";

import { signInAsAdmin } from "@/e2e/support/admin";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { freshClientAddress } from "@/e2e/support/client-address";

// Spec files share one server and database: each test's source is unique to the run, so only its own visits
// and signups are counted under it.
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/**
 * A visitor's own browser, from an address of its own, noting every response it gets that sets a cookie. A new
 * context does not take the project's device settings, and headless Chromium's own user agent names it a bot:
 * a person's browser is the desktop Chrome the other specs use.
 */
async function visitor(browser: Browser, options: { userAgent?: string } = {}) {
  const context = await browser.newContext({ userAgent: options.userAgent ?? devices["Desktop Chrome"].userAgent });
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": freshClientAddress() });
  const cookiesSet: string[] = [];
  context.on("response", async (response) => {
    const setCookie = await response.headerValue("set-cookie").catch(() => null);
    if (setCookie) cookiesSet.push(`${response.url()}: ${setCookie}`);
  });
  const page = await context.newPage();
  return { context, page, cookiesSet };
}

const beaconAnswer = (page: Page): Promise<Response> =>
  page.waitForResponse((response) => new URL(response.url()).pathname === "/api/visit");

/** The overview's row for a source in the visitors-and-signups table, as the admin sees it for the last 7 days. */
async function overviewRow(context: BrowserContext, source: string) {
  const admin = await context.newPage();
  await signInAsAdmin(admin.request);
  await admin.goto("/admin/overview?range=7");
  const table = admin.getByRole("region", { name: "Visitors and signups by source" }).getByRole("table");
  return { admin, table, row: table.locator(`tr[data-source="${source}"]`) };
}

test.describe("visitors, counted without a cookie", () => {
  test("a visit from a newsletter link, then a signup: the overview shows 1 visitor, 1 signup and 100% for that source", async ({
    browser,
  }) => {
    const source = `newsletter${run}`;
    const { context, page, cookiesSet } = await visitor(browser);
    const first = beaconAnswer(page);
    await page.goto(`/?utm_source=${source}`, { referer: "https://news.example.com/issue/12" });
    expect((await first).status()).toBe(204);
    // The beacon comes from the visitor's own address, so no other spec's page views share its limit.
    expect(await (await first).request().headerValue("x-forwarded-for")).toMatch(/^10\./);
    // A reload right after landing is a second page view from the same visitor: sent, and counted once.
    const second = beaconAnswer(page);
    await page.reload();
    expect((await second).status()).toBe(204);

    const section = page.locator("section#join-waitlist");
    await section.scrollIntoViewIfNeeded();
    await section.locator("form[data-enhanced]").waitFor();
    await section.getByLabel("Your Name").fill("Vera Visitor");
    await section.getByLabel("Business Email").fill(`visitor.${run}@example.com`);
    await section.getByRole("combobox", { name: "Business Type" }).click();
    await page.getByRole("option", { name: "Cleaning" }).click();
    await section.getByRole("combobox", { name: "Number of Employees" }).click();
    await page.getByRole("option", { name: "Just me" }).click();
    await section.getByRole("checkbox", { name: /I agree/ }).click();
    await section.getByRole("button", { name: "Join the Waiting List" }).click();
    await expect(section.getByRole("heading", { level: 3, name: "You're on the list!" })).toBeVisible();

    // Nothing the visitor was sent set a cookie, and the browser holds none.
    expect(cookiesSet).toEqual([]);
    expect(await context.cookies()).toEqual([]);
    await context.close();

    const adminContext = await browser.newContext();
    const { admin, row } = await overviewRow(adminContext, source);
    await expect(row.getByRole("rowheader")).toHaveText(source);
    await expect(row.getByRole("cell")).toHaveText(["1", "1", "100%", "0%"]);
    // The funnel starts at the visitors.
    await expect(admin.getByTestId("funnel").getByRole("listitem").first()).toContainText("Visitors");
    await expect(admin.getByTestId("funnel").getByRole("listitem")).toHaveCount(5);
    await expectNoAxeViolations(admin);
    await adminContext.close();
  });

  test("a bot's visit is answered like any other and not counted", async ({ browser }) => {
    const source = `botlink${run}`;
    const { context, page, cookiesSet } = await visitor(browser, {
      userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    });
    const answer = beaconAnswer(page);
    await page.goto(`/?utm_source=${source}`);
    expect((await answer).status()).toBe(204);
    expect(cookiesSet).toEqual([]);
    await context.close();

    // Three people's visits from the same link, after the bot's: the only ones counted (three, so the source is
    // not one of the rare ones the table sums as "Other sources").
    for (let index = 0; index < 3; index++) {
      const person = await visitor(browser);
      const counted = beaconAnswer(person.page);
      await person.page.goto(`/?utm_source=${source}`);
      expect((await counted).status()).toBe(204);
      expect(person.cookiesSet).toEqual([]);
      await person.context.close();
    }

    const adminContext = await browser.newContext();
    const { row } = await overviewRow(adminContext, source);
    await expect(row.getByRole("cell")).toHaveText(["3", "0", "0%", "–"]);
    await adminContext.close();
  });
});
