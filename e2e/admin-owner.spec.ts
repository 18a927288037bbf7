import { expect, test } from "@playwright/test";

import { signInAsAdmin } from "@/e2e/support/admin";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { freshClientAddress } from "@/e2e/support/client-address";
import { solvedProof } from "@/e2e/support/signup";
import { listCell, openMoreFilters } from "@/e2e/support/waitlist-list";

// The spec files share one database: every entry here carries this run's token, and the tests search for it.
const token = `ow${Date.now().toString(36)}`;
const PEOPLE = [
  { name: `Owner ${token} Reddit`, source: { referrer: "www.reddit.com" } },
  { name: `Owner ${token} Letter`, source: { utmSource: "newsletter" } },
  { name: `Owner ${token} Direct`, source: undefined },
] as const;
const emailOf = (index: number) => `owner-${token}-${index}@example.com`;
// The invitation preview's email is a sandboxed frame no script (axe's included) can enter.
const OUTSIDE_EMAIL_PREVIEWS = { exclude: 'iframe[sandbox=""]' };

test.use({ timezoneId: "UTC" });

test.beforeAll(async ({ request }) => {
  for (const [index, person] of PEOPLE.entries()) {
    const response = await request.post("/api/waitlist", {
      headers: { "X-Forwarded-For": freshClientAddress(), "Content-Type": "application/json" },
      data: {
        name: person.name,
        email: emailOf(index),
        businessType: "cleaning",
        employees: ["1", "6-10", "11+"][index],
        agreedToTerms: true,
        ...(person.source ? { source: person.source } : {}),
        altcha: await solvedProof(request),
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
});

const summary = (page: import("@playwright/test").Page) => page.getByRole("status").filter({ hasText: /^Showing/ });

test.describe("what the owner asked for at launch", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page.request);
  });

  test("the list shows each entry's source, the source filter finds part of one, and Clear filters shows everyone again", async ({
    page,
  }) => {
    await page.goto(`/admin?q=${token}`);
    await expect(summary(page)).toHaveText("Showing 1–3 of 3 matching entries");
    await expect(page.getByRole("columnheader", { name: "Source" })).toBeVisible();
    const sourceOf = (index: number) =>
      listCell(page, page.getByRole("row").filter({ hasText: emailOf(index) }), "Source");
    await expect(await sourceOf(0)).toHaveText("www.reddit.com");
    await expect(await sourceOf(1)).toHaveText("newsletter");
    await expect(await sourceOf(2)).toHaveText("Direct");

    // What the owner types: part of the host, in any case (the source is one of the "More filters").
    await openMoreFilters(page);
    await page.getByRole("combobox", { name: "Source" }).fill("Reddit");
    await page.getByRole("combobox", { name: "Source" }).press("Enter");
    await expect(page).toHaveURL(/source=reddit/);
    await expect(summary(page)).toHaveText("Showing 1–1 of 1 matching entries");
    await expect(await sourceOf(0)).toHaveText("www.reddit.com");
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("combobox", { name: "Source" })).toHaveValue("");
    await expect(page.getByPlaceholder("Search by name, email, or business type...")).toHaveValue("");
    await expect(page.getByRole("link", { name: "Clear filters" })).toHaveCount(0);
  });

  test("inviting ticked rows says how many never confirmed and leaves them out unless ticked in", async ({ page }) => {
    await page.goto(`/admin?q=${token}`);
    await expect(summary(page)).toHaveText("Showing 1–3 of 3 matching entries");
    const pageBox = page.getByRole("checkbox", { name: "Select every entry on this page" });
    await expect(pageBox).toBeEnabled();
    await pageBox.check();
    await page.getByRole("button", { name: "Invite selected" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite the selected entries" });
    // None of this run's signups confirmed their address.
    await expect(dialog.getByRole("status")).toHaveText(
      "No one to invite while those who never confirmed are left out.",
    );
    await expect(dialog.getByTestId("unconfirmed")).toContainText(
      "3 of them never confirmed their email address, and will be left out.",
    );
    const include = dialog.getByRole("checkbox", { name: "Invite the 3 who never confirmed too" });
    await expect(include).not.toBeChecked();
    await expect(dialog.getByRole("button", { name: "Invite", exact: true })).toBeDisabled();
    await expectNoAxeViolations(page, OUTSIDE_EMAIL_PREVIEWS);

    // By keyboard: Space ticks them in.
    await include.focus();
    await page.keyboard.press("Space");
    await expect(dialog.getByRole("status")).toHaveText(
      "3 people will be invited. Entries already invited or accepted are skipped.",
    );
    await expect(dialog.getByTestId("unconfirmed")).toContainText("and will be invited too.");
    await expect(dialog.getByRole("button", { name: "Invite 3 people" })).toBeEnabled();
    // Nobody is invited here: the choice alone is under test.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
  });

  test("the overview's Today range shows today's signups by UTC hour, in a chart and a table", async ({ page }) => {
    await page.goto("/admin/overview");
    await page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "Today" }).click();
    await expect(page).toHaveURL(/\/admin\/overview\?range=today$/);
    await expect(page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "Today" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("heading", { level: 2, name: "Signups by hour today (UTC)" })).toBeVisible();
    const signups = page.getByRole("region", { name: "Signups", exact: true });
    await expect(signups).toContainText("yesterday");

    const before = new Date().getUTCHours();
    await page.getByText("Show the figures as a table").click();
    const rows = page.getByTestId("signups-per-day").getByRole("row");
    await expect(rows.first().getByRole("cell").first()).toHaveText("00:00–01:00");
    const hours = await rows.count();
    // One row per hour so far, the current one included (the hour may turn while the test runs).
    expect([before + 1, new Date().getUTCHours() + 1]).toContain(hours);
    const figures = (await rows.evaluateAll((trs) => trs.map((tr) => tr.lastElementChild?.textContent ?? "0"))).map(
      (text) => Number(text.replace(/,/g, "")),
    );
    expect(figures.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(PEOPLE.length);

    // The chart: one tab stop; arrow keys move its tooltip from hour to hour.
    const chart = page.locator(".recharts-surface");
    await expect(chart).toBeVisible();
    await chart.focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.locator(".recharts-tooltip-wrapper")).toContainText("(UTC)");
    // Its labels are whole hours, evenly spaced.
    const hourLabels = async () =>
      (await page.locator(".recharts-cartesian-axis-tick-value").allTextContents()).filter((label) =>
        /^\d\d:00$/.test(label),
      );
    await expect.poll(async () => (await hourLabels()).length).toBeGreaterThan(0);
    const labels = await hourLabels();
    const at = labels.map((label) => Number(label.slice(0, 2)));
    expect(new Set(at.slice(1).map((hour, index) => hour - at[index]!)).size).toBeLessThanOrEqual(1);

    // Team sizes in their natural order, then "Not given" (imported rows without a size).
    const sizes = await page.getByRole("region", { name: "By team size" }).getByRole("link").allTextContents();
    const order = ["Just me", "2-5", "6-10", "11+", "Not given"];
    expect(sizes).toEqual(order.filter((size) => sizes.includes(size)));
    await expectNoAxeViolations(page);
  });
});
