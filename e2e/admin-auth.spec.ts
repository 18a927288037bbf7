import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";

import { signInAsAdmin } from "@/e2e/support/admin";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { freshClientAddress } from "@/e2e/support/client-address";
import { E2E_ADMIN } from "@/playwright.config";

// The spec files share one database: every admin made here carries this run's token.
const token = `wb${Date.now().toString(36)}`;

// A fresh client address per browser context keeps each one clear of the per-IP sign-in limit.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": freshClientAddress() } });

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function newSignedInContext(
  browser: Browser,
  email: string,
  password: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const address = freshClientAddress();
  const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": address } });
  const page = await context.newPage();
  await signInAsAdmin(page.request, { email, password }, address);
  return { context, page };
}

test.describe("admin sign-in, sessions and admin accounts", () => {
  test("an admin signs in, sees their name, adds an admin after a validation error, and signs out", async ({
    page,
  }) => {
    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Password").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Login successful")).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    const sidebar = page.getByRole("complementary");
    await expect(sidebar.getByText(E2E_ADMIN.name)).toBeVisible();
    await expect(sidebar.getByText(E2E_ADMIN.email)).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Waitlist Entries" })).toHaveAttribute("aria-current", "page");

    await sidebar.getByRole("link", { name: "Admin Users" }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole("heading", { name: "Admin Users" })).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Admin Users" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("cell", { name: E2E_ADMIN.email })).toBeVisible();
    await expectNoAxeViolations(page);

    const name = `Katherine ${token}`;
    const email = `katherine-${token}@example.com`;
    const addButton = page.getByRole("button", { name: "Add Admin" });
    await addButton.click();
    const dialog = page.getByRole("dialog", { name: "Add New Admin User" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Name")).toBeFocused();
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill("orbital-mechanics-1962");
    await dialog.getByLabel("Confirm Password").fill("orbital-mechanics-1963");
    await dialog.getByRole("button", { name: "Create Admin" }).click();
    await expect(dialog.getByText("Passwords do not match")).toBeVisible();
    await expect(dialog.getByLabel("Confirm Password")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);

    await dialog.getByLabel("Confirm Password").fill("orbital-mechanics-1962");
    await dialog.getByRole("button", { name: "Create Admin" }).click();
    await expect(page.getByText("Admin user created successfully")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(addButton).toBeFocused();

    await page.getByRole("searchbox", { name: "Search admins" }).fill(token);
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row.getByText("Active", { exact: true })).toBeVisible();
    await expect(
      row.getByText(new Intl.DateTimeFormat("en-GB", { dateStyle: "long" }).format(new Date())),
    ).toBeVisible();

    await sidebar.getByRole("button", { name: "Sign Out" }).click();
    await expect(page.getByText("You have been successfully logged out")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/login$/);

    // The new admin can sign in.
    await signInThroughForm(page, email, "orbital-mechanics-1962");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("complementary").getByText(name)).toBeVisible();
  });

  test("a wrong password shows 'Login failed' and stays on the sign-in page", async ({ page }) => {
    await signInThroughForm(page, `nobody-${token}@example.com`, "not-the-password");
    await expect(page.getByText("Login failed")).toBeVisible();
    await expect(page.getByText("Invalid email or password")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test("a failed sign-in is also said on the card, next to the fields, besides the toast", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInThroughForm(page, `nobody-${token}@example.com`, "not-the-password");
    const card = page.getByRole("main");
    const onCard = card.getByText("Sign-in failed: the email or password is not right.");
    await expect(onCard).toBeVisible();
    await expect(page.getByText("Login failed")).toBeVisible();
    // Beside the fields: between the heading and the email field, inside the form it describes.
    const form = card.locator("form");
    await expect(form).toHaveAttribute("aria-describedby", "login-form-error");
    await expect(form.locator("#login-form-error")).toHaveText("Sign-in failed: the email or password is not right.");
    await expect(page.getByLabel("Password")).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test("an admin deactivated while signed in elsewhere is sent to sign-in on their next page load, and cannot sign in until reactivated", async ({
    browser,
  }) => {
    const first = await newSignedInContext(browser, E2E_ADMIN.email, E2E_ADMIN.password);
    const name = `Grace ${token}`;
    const email = `grace-${token}@example.com`;
    const password = "compiler-pioneer-1952";
    const created = await first.page.request.post("/api/admin/users", { data: { name, email, password } });
    expect(created.status(), await created.text()).toBe(201);

    // The other admin signs in through the form in their own browser.
    const otherContext = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": freshClientAddress() } });
    const other = await otherContext.newPage();
    await signInThroughForm(other, email, password);
    await expect(other).toHaveURL(/\/admin$/);
    await other.getByRole("complementary").getByRole("link", { name: "Admin Users" }).click();
    await expect(other.getByRole("heading", { name: "Admin Users" })).toBeVisible();

    // The first admin deactivates them, after confirming.
    const page = first.page;
    await page.goto("/admin/users");
    await page.getByRole("searchbox", { name: "Search admins" }).fill(email);
    const row = page.getByRole("row").filter({ hasText: email });
    await row.getByRole("button", { name: `Deactivate ${name}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Deactivate ${name}?` });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: "Deactivate" }).click();
    await expect(page.getByText("Admin deactivated successfully")).toBeVisible();
    await expect(row.getByText("Inactive")).toBeVisible();
    await expect(row.getByRole("button", { name: `Activate ${name}` })).toBeFocused();

    // Their next page load ends the session.
    await other.reload();
    await expect(other).toHaveURL(/\/admin\/login$/);
    await expect(other.getByRole("heading", { name: "Sign in" })).toBeVisible();
    const sessionCheck = await other.request.get("/api/admin/session");
    expect(sessionCheck.status()).toBe(401);

    // They cannot sign in again...
    await signInThroughForm(other, email, password);
    await expect(other.getByText("Invalid email or password")).toBeVisible();
    await expect(other).toHaveURL(/\/admin\/login$/);

    // ...until reactivated.
    await row.getByRole("button", { name: `Activate ${name}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Activate" }).click();
    await expect(page.getByText("Admin activated successfully")).toBeVisible();
    await expect(row.getByText("Active", { exact: true })).toBeVisible();

    await signInThroughForm(other, email, password);
    await expect(other).toHaveURL(/\/admin$/);
    await expect(other.getByRole("complementary").getByText(name)).toBeVisible();

    await otherContext.close();
    await first.context.close();
  });

  test("sessions are per device: signing out ends one, 'Sign out of all other sessions' ends the rest, and the audit log shows it all", async ({
    browser,
  }) => {
    // An admin of this test's own, so the sessions list holds only the browsers opened here.
    const owner = await newSignedInContext(browser, E2E_ADMIN.email, E2E_ADMIN.password);
    const name = `Hedy ${token}`;
    const email = `hedy-${token}@example.com`;
    const password = "frequency-hopping-1942";
    expect((await owner.page.request.post("/api/admin/users", { data: { name, email, password } })).status()).toBe(201);
    await owner.context.close();

    const laptopContext = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": freshClientAddress() } });
    const laptop = await laptopContext.newPage();
    await signInThroughForm(laptop, email, password);
    await expect(laptop).toHaveURL(/\/admin$/);
    const phone = await newSignedInContext(browser, email, password);
    const tablet = await newSignedInContext(browser, email, password);

    // Signing out on the laptop ends the laptop's session only.
    await laptop.getByRole("complementary").getByRole("button", { name: "Sign Out" }).click();
    await expect(laptop).toHaveURL(/\/admin\/login$/);
    await phone.page.goto("/admin");
    await expect(phone.page.getByRole("heading", { name: "Waitlist Entries", level: 1 })).toBeVisible();

    // The phone lists its sessions (itself first, marked as this device) and ends all the others.
    await phone.page.getByRole("complementary").getByRole("link", { name: "Settings" }).click();
    await expect(phone.page.getByRole("heading", { name: "Sessions" })).toBeVisible();
    const rows = phone.page.getByTestId("session-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.first().getByText("This device")).toBeVisible();
    await expectNoAxeViolations(phone.page);
    await phone.page.getByRole("button", { name: "Sign out of all other sessions" }).click();
    await expect(phone.page.getByText("1 other session ended")).toBeVisible();
    await expect(rows).toHaveCount(1);

    // The tablet is signed out on its next request.
    await tablet.page.goto("/admin");
    await expect(tablet.page).toHaveURL(/\/admin\/login$/);
    expect((await tablet.page.request.get("/api/admin/session")).status()).toBe(401);
    await phone.page.goto("/admin/users");
    await expect(phone.page.getByRole("heading", { name: "Admin Users" })).toBeVisible();

    // The audit log, filtered to this admin, shows what happened, newest first.
    await phone.page.goto("/admin/audit");
    await phone.page.getByRole("combobox", { name: "Admin" }).selectOption({ label: `${name} (${email})` });
    await phone.page.getByRole("button", { name: "Apply filters" }).click();
    await expect(phone.page).toHaveURL(/[?&]admin=\d+/);
    const entries = phone.page.getByTestId("audit-row");
    await expect(entries.first()).toBeVisible();
    const actions = await entries.evaluateAll((trs) =>
      trs.map((tr) => tr.querySelectorAll("td")[2]?.textContent?.trim()),
    );
    expect(actions.filter((action) => action !== "Viewed the audit log" && action !== "Viewed the waitlist")).toEqual([
      "Ended all other sessions",
      "Signed out",
      "Signed in",
      "Signed in",
      "Signed in",
    ]);
    expect(await entries.evaluateAll((trs) => trs.every((tr) => tr.textContent?.includes("hedy-")))).toBe(true);
    await expectNoAxeViolations(phone.page);

    // The log's CSV export holds the same entries.
    const download = phone.page.waitForEvent("download");
    await phone.page.getByRole("link", { name: "Export as CSV" }).click();
    expect((await download).suggestedFilename()).toBe("audit_log.csv");

    await Promise.all([laptopContext.close(), phone.context.close(), tablet.context.close()]);
  });

  test("on a narrow screen the menu toggle opens the admin navigation", async ({ browser }) => {
    const { context, page } = await newSignedInContext(browser, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/admin");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toBeVisible();
    await expect(page.getByRole("complementary")).toBeHidden();
    await toggle.click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu.getByText(E2E_ADMIN.name)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
    await toggle.click();
    await menu.getByRole("link", { name: "Admin Users" }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(menu).toBeHidden();
    await context.close();
  });
});
