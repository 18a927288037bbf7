import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { signInAsAdmin } from "@/e2e/support/admin";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { mailboxForTheseTests } from "@/e2e/support/mailbox";
import { TEST_BROWSER_ERROR, TEST_PAGE_ERROR, TEST_SERVER_ERROR } from "@/lib/validation/errors";
import { E2E_ADMIN, E2E_CRON_SECRET } from "@/playwright.config";

// What goes wrong reaches the owner: a server error and a browser error, each recorded and grouped on
// /admin/errors, the alert email once, resolve and reopen; and the health page's SMTP check following the
// real mail server down and up.
const mailbox = mailboxForTheseTests();

/** Runs the maintenance sweep now, as the scheduler does, and sends what it queued. */
async function cronSweep(request: APIRequestContext) {
  const response = await request.get("/api/cron/outbox", { headers: { Authorization: `Bearer ${E2E_CRON_SECRET}` } });
  expect(response.status(), await response.text()).toBe(200);
}

/** The group whose title has `message`, in the list now on the page. */
const groupWith = (page: Page, message: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: new RegExp(message) }) });

/** Reloads until the group shows (recording happens just after the failed answer), then returns it. */
async function waitForGroup(page: Page, message: string) {
  await expect(async () => {
    await page.reload();
    await expect(groupWith(page, message)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  return groupWith(page, message);
}

const alertsAbout = (message: string) =>
  mailbox
    .to(E2E_ADMIN.email)
    .filter((mail) => /new errors? on the /.test(mail.subject ?? "") && mail.text?.includes(message));

test.describe("errors the owner can see", () => {
  test("a thrown server error and a thrown browser error are recorded and grouped; the alert comes once; resolve, then the same error reopens it", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page.request);
    await page.goto("/admin/errors");
    await expect(page.getByRole("heading", { level: 1, name: "Errors" })).toBeVisible();

    // Twice: one group, counted twice.
    for (let i = 0; i < 2; i++) {
      await page.getByRole("button", { name: "Throw a test server error" }).click();
      await expect(page.getByText("Test server error thrown").first()).toBeVisible();
    }
    const server = await waitForGroup(page, TEST_SERVER_ERROR);
    await expect(async () => {
      await page.reload();
      await expect(groupWith(page, TEST_SERVER_ERROR).locator("dd").nth(1)).toHaveText("2", { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(server).toContainText("Server");
    await expect(server).toContainText("POST /api/admin/errors/test");

    await page.getByRole("button", { name: "Throw a test browser error" }).click();
    const browser = await waitForGroup(page, TEST_BROWSER_ERROR);
    await expect(browser).toContainText("Browser");
    await expect(browser).toContainText("/admin/errors");
    await expectNoAxeViolations(page);

    // A page that fails to render is reported by the framework and recorded the same way.
    await page.getByRole("link", { name: "Open a page that fails" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "This page could not be loaded" })).toBeVisible();
    await page.goto("/admin/errors");
    const failedPage = await waitForGroup(page, TEST_PAGE_ERROR);
    await expect(failedPage).toContainText("/admin/errors/test-page");

    // The alert: once, however often the sweep runs and the error happens.
    await cronSweep(page.request);
    await expect.poll(() => alertsAbout(TEST_SERVER_ERROR).length, { timeout: 20_000 }).toBe(1);
    expect(alertsAbout(TEST_BROWSER_ERROR)).toHaveLength(1);
    await page.request.post("/api/admin/errors/test");
    await cronSweep(page.request);
    await page.waitForTimeout(2_000);
    expect(alertsAbout(TEST_SERVER_ERROR)).toHaveLength(1);

    // Resolve from the keyboard: it leaves the open list for the resolved one.
    await page.reload();
    await groupWith(page, TEST_SERVER_ERROR)
      .getByRole("button", { name: /^Resolve/ })
      .focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Marked resolved").first()).toBeVisible();
    await expect(groupWith(page, TEST_SERVER_ERROR)).toHaveCount(0);
    await page.getByRole("link", { name: "Resolved" }).click();
    await expect(groupWith(page, TEST_SERVER_ERROR)).toContainText(`by ${E2E_ADMIN.email}`);

    // The same error again: open again, counted on.
    await page.request.post("/api/admin/errors/test");
    await page.goto("/admin/errors");
    const reopened = await waitForGroup(page, TEST_SERVER_ERROR);
    await expect(reopened.getByRole("button", { name: /^Resolve/ })).toBeVisible();
  });

  test("the health page shows SMTP red while the mail server is down, and green again after", async ({ page }) => {
    await signInAsAdmin(page.request);
    const smtp = page.locator('[data-health-check="smtp"]');
    await mailbox.stop();
    try {
      await page.goto("/admin/health");
      await expect(page.getByRole("heading", { level: 1, name: "Health" })).toBeVisible();
      await expect(smtp).toHaveAttribute("data-status", "red");
      await expect(smtp).toContainText("Failing");
      await expect(smtp).toContainText("The mail server does not answer");
      await expect(page.locator('[data-health-check="database"]')).toHaveAttribute("data-status", "green");
      await expectNoAxeViolations(page);
    } finally {
      await mailbox.restart();
    }
    await page.reload();
    await expect(smtp).toHaveAttribute("data-status", /green|amber/);
    await expect(smtp).toContainText("The mail server answers");
  });
});
