import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import type { ParsedMail } from "mailparser";

import { signInAsAdmin } from "@/e2e/support/admin";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { freshClientAddress } from "@/e2e/support/client-address";
import { startMailbox, type TestMailbox } from "@/test/smtp";

// The e2e server leaves SIGNUP_CHALLENGE unset: a signup sent without the form's proof of work is held for
// review. The spec files share one database, so every entry here carries this run's token.
const token = `hx${Date.now().toString(36)}`;
const REASON = "Sent without the form's background check";

// A real SMTP server on the port the main server sends to: the released entry's confirmation lands here.
let mailbox: TestMailbox;
test.beforeAll(async () => {
  mailbox = await startMailbox(Number(process.env.E2E_SMTP_PORT));
});
test.afterAll(async () => {
  await mailbox.stop();
});

const recipient = (mail: ParsedMail) => (mail.to && "text" in mail.to ? mail.to.text : "");

async function mailTo(address: string, timeoutMs = 20_000): Promise<ParsedMail> {
  const started = Date.now();
  for (;;) {
    const mail = mailbox.messages.find((message) => recipient(message) === address);
    if (mail) return mail;
    if (Date.now() - started > timeoutMs) throw new Error(`no email to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A signup as a script sends it: no proof of work, so it is held. */
async function holdSignup(request: APIRequestContext, name: string, email: string) {
  const response = await request.post("/api/waitlist", {
    headers: { "X-Forwarded-For": freshClientAddress() },
    data: { name, email, businessType: "car", employees: "1", agreedToTerms: true },
  });
  expect(response.status(), await response.text()).toBe(201);
}

const publicCount = async (request: APIRequestContext) =>
  Number((await (await request.get(`/api/waitlist/count?fresh=${Date.now()}`)).json()).count);

const heldList = (page: Page) => page.goto(`/admin?held=yes&q=${token}`);
const rows = (page: Page) => page.locator("table tbody tr");

test.describe("signups held for review", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page.request);
  });

  test("an admin finds a held signup from the sidebar, reads why, and releases it by keyboard: its email goes out and it counts", async ({
    page,
  }) => {
    const name = `Heron ${token} Released`;
    const email = `heron-${token}-released@example.com`;
    const before = await publicCount(page.request);
    await holdSignup(page.request, name, email);
    // Held: no email, and not counted.
    expect(await publicCount(page.request)).toBe(before);

    await page.goto("/admin/overview");
    const nav = page.getByRole("navigation", { name: "Admin" });
    const badge = nav.getByRole("link", { name: /^[\d,]+ held for review$/ });
    await expect(badge).toBeVisible();
    await badge.click();
    await expect(page).toHaveURL(/\/admin\?held=yes$/);

    await heldList(page);
    await expect(rows(page)).toHaveCount(1);
    const row = rows(page).first();
    await expect(row.getByTestId("held-badge")).toHaveText(
      `Held: ${REASON} (a browser with JavaScript off, or a script)`,
    );
    await expect(row.getByTestId("held-badge")).toHaveAttribute("title", new RegExp(`^${REASON}`));
    await expectNoAxeViolations(page);

    await row.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const notice = page.getByRole("region", { name: "Held for review" });
    await expect(notice).toContainText("Held since");
    await expect(notice).toContainText(`Why: ${REASON}`);
    // Neither makes sense before the entry's first email: releasing sends it.
    await expect(page.getByRole("button", { name: "Resend confirmation" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Invite" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Keyboard only: the dialog opens on Cancel; Tab reaches Release.
    await notice.getByRole("button", { name: "Release" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("alertdialog", { name: `Release ${name}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Release" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Entry released")).toBeVisible();
    await expect(dialog).toBeHidden();
    // The page shows the ordinary entry now.
    await expect(notice).toBeHidden();
    await expect(page.getByRole("button", { name: "Resend confirmation" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Invite" })).toBeVisible();

    const mail = await mailTo(email);
    expect(mail.subject).toMatch(/^Confirm your place/);
    await expect.poll(() => publicCount(page.request)).toBe(before + 1);
    const listed = await (await page.request.get(`/api/admin/waitlist?q=${encodeURIComponent(email)}`)).json();
    expect(listed.entries[0]).toMatchObject({ email, heldAt: null, heldReason: null });
  });

  test("an admin deletes held signups as a selection, after a question saying how many; the audit log records both actions", async ({
    page,
  }) => {
    const people = ["Bittern", "Curlew"].map((bird) => ({
      name: `${bird} ${token}`,
      email: `${bird.toLowerCase()}-${token}@example.com`,
    }));
    for (const person of people) await holdSignup(page.request, person.name, person.email);
    const before = await publicCount(page.request);

    await page.setViewportSize({ width: 1280, height: 800 });
    await heldList(page);
    await expect(rows(page)).toHaveCount(2);
    // The held list fits beside the sidebar like the whole list.
    const region = page.getByRole("region", { name: "Waitlist entries" });
    const widths = await region.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    await expect(page.getByText("Tick held entries to release or delete them.")).toBeVisible();
    await expect(page.getByRole("button", { name: /Invite/ })).toHaveCount(0);

    const pageBox = page.getByRole("checkbox", { name: "Select every entry on this page" });
    await expect(pageBox).toBeEnabled();
    await pageBox.focus();
    await page.keyboard.press("Space");
    await expect(page.getByText("2 selected on this page.")).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Delete selected" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("alertdialog", { name: "Delete 2 entries?" });
    await expect(dialog).toContainText("The 2 selected entries will be removed without ever being emailed.");
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Delete 2 entries" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Deleted 2 entries")).toBeVisible();
    await expect(page.getByText("No entries match your search")).toBeVisible();
    await expect(page.getByText("Tick held entries to release or delete them.")).toBeVisible();

    for (const person of people) {
      const listed = await (await page.request.get(`/api/admin/waitlist?q=${encodeURIComponent(person.email)}`)).json();
      expect(listed.total).toBe(0);
    }
    expect(await publicCount(page.request)).toBe(before);

    await page.goto("/admin/audit");
    const auditRows = page.getByTestId("audit-row");
    await expect(
      auditRows.filter({ hasText: "Deleted held signups" }).filter({ hasText: "2 held signups deleted." }).first(),
    ).toBeVisible();
    await expect(auditRows.filter({ hasText: "Released held signups" }).first()).toBeVisible();
  });
});
