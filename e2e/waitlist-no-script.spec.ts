import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from "@playwright/test";
import type { ParsedMail } from "mailparser";

import { signInAsAdmin } from "@/e2e/support/admin";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { freshClientAddress } from "@/e2e/support/client-address";
import { startMailbox, type TestMailbox } from "@/test/smtp";

// The waiting list form in a browser that runs no script: a blocked script, a failed download, an old phone.
// The page's HTML alone must let a visitor join. A real SMTP server on the port the server sends to receives
// the confirmation emails.
test.use({ javaScriptEnabled: false });

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

let mailbox: TestMailbox;
test.beforeAll(async () => {
  mailbox = await startMailbox(Number(process.env.E2E_SMTP_PORT));
});
test.afterAll(async () => {
  await mailbox.stop();
});

const recipient = (mail: ParsedMail) => (mail.to && "text" in mail.to ? mail.to.text : "");

async function mailsTo(address: string, count: number): Promise<ParsedMail[]> {
  await expect
    .poll(() => mailbox.messages.filter((message) => recipient(message) === address).length, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(count);
  return mailbox.messages.filter((message) => recipient(message) === address);
}

/**
 * axe on the page this no-script page shows. axe is itself a script, which a page with JavaScript off cannot
 * run: so the same address, with the same cookies, opens in a page where only the site's script files fail to
 * load (as when they are blocked), which leaves the server's HTML as it is here.
 */
async function axe(browser: Browser, page: Page, selector?: string) {
  // Spelled out: a context made in a test takes the file's options, JavaScript off among them.
  const context = await browser.newContext({ javaScriptEnabled: true });
  try {
    await context.addCookies(await page.context().cookies());
    await context.route(/\/_next\/static\/.*\.js(\?|$)/, (route) => route.abort());
    const twin = await context.newPage();
    await twin.goto(page.url());
    await expectNoAxeViolations(twin, { include: selector });
    // The twin saw the plain form, not a scripted one.
    expect(await twin.locator("form[data-enhanced]").count()).toBe(0);
  } finally {
    await context.close();
  }
}

async function adminEntries(request: APIRequestContext, email: string) {
  await signInAsAdmin(request);
  const response = await request.get(`/api/admin/waitlist?q=${encodeURIComponent(email)}`);
  return (
    (await response.json()) as {
      entries: {
        id: number;
        name: string;
        email: string;
        businessType: string;
        employees: string;
        heldAt: string | null;
        heldReason: string | null;
      }[];
    }
  ).entries;
}

function fields(form: Locator) {
  return {
    name: form.getByLabel("Your Name"),
    email: form.getByLabel("Business Email"),
    businessType: form.getByLabel("Business Type"),
    employees: form.getByLabel("Number of Employees"),
    consent: form.getByRole("checkbox", { name: /I agree to receive emails about the product/ }),
    submit: form.getByRole("button", { name: "Join the Waiting List" }),
  };
}

test.describe("the waiting list form without scripts", () => {
  test("a visitor joins through the plain form: a bad email comes back with its message and the entries kept, then the thank-you page; the signup is held (no proof of work without scripts) until released, and then the email goes", async ({
    page,
    browser,
  }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": freshClientAddress() });
    await page.goto("/#join-waitlist");
    const landingForm = page.locator("section#join-waitlist form");
    await expect(landingForm).toHaveAttribute("method", "post");
    await expect(landingForm).toHaveAttribute("action", "/api/waitlist");
    await expect(page.getByRole("link", { name: "How we use and protect your details" })).toHaveAttribute(
      "href",
      "/privacy",
    );
    await axe(browser, page, "#join-waitlist");

    // An address the browser's own check lets through (it wants no dot after the @), but the server's does not.
    const email = `nora.${run}@example.com`;
    let form = fields(landingForm);
    await form.name.fill("Nora Noscript");
    await form.email.fill(`nora.${run}@example`);
    await form.businessType.selectOption({ label: "Tutoring" });
    await form.employees.selectOption({ label: "6-10" });
    await form.consent.check();
    await form.submit.click();

    await expect(page).toHaveURL(/\/waitlist\/join$/);
    const joinForm = page.getByRole("form", { name: "Join the Waiting List" });
    form = fields(joinForm);
    await expect(form.email).toHaveAccessibleDescription("Please enter a valid email address");
    await expect(form.email).toHaveAttribute("aria-invalid", "true");
    await expect(form.email).toHaveValue(`nora.${run}@example`);
    await expect(form.name).toHaveValue("Nora Noscript");
    await expect(form.name).not.toHaveAttribute("aria-invalid");
    await expect(form.businessType).toHaveValue("tutoring");
    await expect(form.employees).toHaveValue("6-10");
    await expect(form.consent).toBeChecked();
    await expect(joinForm.getByRole("alert")).toHaveText("Please check the highlighted fields.");
    expect(page.url()).not.toContain("nora");
    await axe(browser, page);

    // A disposable address comes back too, said on the email field; nothing is stored.
    await form.email.fill(`nora.${run}@mailinator.com`);
    await form.submit.click();
    await expect(page).toHaveURL(/\/waitlist\/join$/);
    form = fields(page.getByRole("form", { name: "Join the Waiting List" }));
    await expect(form.email).toHaveAccessibleDescription("Please use a permanent email address.");
    await expect(form.email).toHaveValue(`nora.${run}@mailinator.com`);
    expect(await adminEntries(page.request, `nora.${run}@mailinator.com`)).toEqual([]);

    await form.email.fill(email);
    await form.submit.click();
    await expect(page).toHaveURL(/\/waitlist\/thanks$/);
    await expect(page.getByRole("heading", { level: 1, name: "You're on the list!" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Check your inbox" })).toBeVisible();
    await expect(page.getByTestId("confirmation-address")).toHaveText(`We've sent a confirmation link to ${email}.`);
    await axe(browser, page);
    const firstThanks = await page.locator("main").innerText();

    // Without scripts there is no proof of work: the signup is kept, held for review, and sent nothing yet.
    const [held] = await adminEntries(page.request, email);
    expect(held).toEqual(
      expect.objectContaining({
        name: "Nora Noscript",
        email,
        businessType: "tutoring",
        employees: "6-10",
        heldAt: expect.any(String),
        heldReason: "missing",
      }),
    );
    expect(mailbox.messages.filter((message) => recipient(message) === email)).toEqual([]);

    // The same address again: the same page, word for word, and still one entry.
    await page.goto("/#join-waitlist");
    form = fields(page.locator("section#join-waitlist form"));
    await form.name.fill("Nora Noscript");
    await form.email.fill(email.toUpperCase());
    await form.businessType.selectOption({ label: "Tutoring" });
    await form.employees.selectOption({ label: "6-10" });
    await form.consent.check();
    await form.submit.click();
    await expect(page).toHaveURL(/\/waitlist\/thanks$/);
    expect(await page.locator("main").innerText()).toBe(firstThanks);
    expect(await adminEntries(page.request, email)).toHaveLength(1);

    // An admin releases it: the confirmation email goes then.
    const released = await page.request.post("/api/admin/waitlist/held", {
      data: { action: "release", ids: [held!.id] },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(released.status()).toBe(200);
    expect(await released.json()).toEqual({ released: 1 });
    const [mail] = await mailsTo(email, 1);
    expect(mail!.subject).toBe("Confirm your place on the Otto waiting list");
    expect(await adminEntries(page.request, email)).toEqual([
      expect.objectContaining({ heldAt: null, heldReason: null }),
    ]);
  });

  test("the browser's own checks stop an empty form before it is sent", async ({ page }) => {
    await page.goto("/#join-waitlist");
    const form = fields(page.locator("section#join-waitlist form"));
    await form.submit.click();
    await expect(page).toHaveURL(/\/#join-waitlist$/);
    expect(await form.name.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
  });

  test("the thank-you page without a signup behind it still says what happens next, naming no address", async ({
    page,
    browser,
  }) => {
    await page.goto("/waitlist/thanks");
    await expect(page.getByRole("heading", { level: 2, name: "Check your inbox" })).toBeVisible();
    await expect(page.getByTestId("confirmation-address")).toHaveText(
      "We've sent a confirmation link to the address you gave.",
    );
    await axe(browser, page);
  });
});
