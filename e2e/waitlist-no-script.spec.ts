import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from "@playwright/test";
import type { ParsedMail } from "mailparser";

import { signInAsAdmin } from "@/e2e/support/admin";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { freshClientAddress } from "@/e2e/support/client-address";
import { mailboxForTheseTests, recipientOf } from "@/e2e/support/mailbox";
import { linksIn } from "@/test/smtp";

// The waiting list form in a browser that runs no script: a blocked script, a failed download, an old phone.
// The page's HTML alone must let a visitor join. A real SMTP server on the port the server sends to receives
// the confirmation emails.
test.use({ javaScriptEnabled: false });

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

const mailbox = mailboxForTheseTests();

async function mailsTo(address: string, count: number): Promise<ParsedMail[]> {
  await expect.poll(() => mailbox.to(address).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
  return mailbox.to(address);
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
        referrals: number;
      }[];
    }
  ).entries;
}

function confirmLinkOf(mail: ParsedMail): string {
  const link = linksIn(mail).find((candidate) => candidate.includes("/waitlist/confirm?token="));
  if (!link) throw new Error("no confirmation link in the email");
  return link;
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
    // Held for review, and told so: nothing was sent, and nothing says it was.
    await expect(page.getByRole("heading", { level: 2, name: "We'll check your signup" })).toBeVisible();
    await expect(page.getByTestId("held-notice")).toHaveText(
      "You're on the list. Because your browser didn't run our quick spam check, we'll check your signup and email you to confirm once it's done.",
    );
    await expect(page.getByTestId("confirmation-address")).toHaveText(`We'll write to ${email}.`);
    await expect(page.getByText(/sent/)).toHaveCount(0);
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
    expect(mailbox.messages.filter((message) => recipientOf(message) === email)).toEqual([]);

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

  test("a friend opens a personal link with scripts off and joins through the plain form: held, then released, confirmed and credited to the referrer like any referral", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    // The referrer: a real entry, joined with scripts on, confirmed from the email, with a personal link.
    const annEmail = `ann.ref.${run}@example.org`;
    const ann = await browser.newContext({
      javaScriptEnabled: true,
      extraHTTPHeaders: { "X-Forwarded-For": freshClientAddress() },
    });
    const annPage = await ann.newPage();
    await annPage.goto("/#join-waitlist");
    const section = annPage.locator("section#join-waitlist");
    await section.locator("form[data-enhanced]").waitFor();
    await section.getByLabel("Your Name").fill("Ann Referrer");
    await section.getByLabel("Business Email").fill(annEmail);
    await section.getByRole("combobox", { name: "Business Type" }).click();
    await annPage.getByRole("option", { name: "Cleaning" }).click();
    await section.getByRole("combobox", { name: "Number of Employees" }).click();
    await annPage.getByRole("option", { name: "2-5" }).click();
    await section.getByRole("checkbox", { name: /I agree/ }).click();
    await section.getByRole("button", { name: "Join the Waiting List" }).click();
    await expect(section.getByRole("button", { name: "Add another business" })).toBeVisible();
    const [annMail] = await mailsTo(annEmail, 1);
    await annPage.goto(confirmLinkOf(annMail!));
    await annPage.getByRole("link", { name: "Follow the friends who join through your link" }).click();
    await annPage.waitForURL(/\/waitlist\/status\?token=/);
    const statusUrl = annPage.url();
    const personalLink = new URL(await annPage.getByLabel("Your personal link to share").inputValue());
    expect(personalLink.pathname).toBe("/");
    const code = personalLink.searchParams.get("ref")!;
    expect(code).toMatch(/^[23456789abcdefghjkmnpqrstuvwxyz]{8}$/);

    // The friend, from a network of their own (credit is withheld between neighbours), with scripts off.
    const friendEmail = `friend.noscript.${run}@example.org`;
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": `172.${16 + (run.length % 16)}.${Date.now() % 250}.9` });
    const landing = await page.goto(`/?ref=${code}#join-waitlist`);
    // The landing page's policy sends its full address, query and all, to this site.
    expect(landing!.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    const form = fields(page.locator("section#join-waitlist form"));
    // Nothing filled the hidden field: no script ran.
    await expect(page.locator('section#join-waitlist input[name="ref"]')).toHaveValue("");
    await form.name.fill("Fay Friend");
    await form.email.fill(friendEmail);
    await form.businessType.selectOption({ label: "Cleaning" });
    await form.employees.selectOption({ label: "2-5" });
    await form.consent.check();
    const [post] = await Promise.all([
      page.waitForRequest((request) => request.method() === "POST" && request.url().endsWith("/api/waitlist")),
      form.submit.click(),
    ]);
    expect(await post.headerValue("referer")).toBe(new URL(`/?ref=${code}`, page.url()).href);
    await expect(page).toHaveURL(/\/waitlist\/thanks$/);
    await expect(page.getByRole("heading", { level: 2, name: "We'll check your signup" })).toBeVisible();

    // Held (no proof of work without scripts), nothing sent, and nothing credited yet.
    const [held] = await adminEntries(page.request, friendEmail);
    expect(held).toEqual(expect.objectContaining({ heldAt: expect.any(String), heldReason: "missing" }));
    expect(mailbox.messages.filter((message) => recipientOf(message) === friendEmail)).toEqual([]);
    expect((await adminEntries(page.request, annEmail))[0]!.referrals).toBe(0);

    // Released by an admin: the confirmation goes; confirmed, the referral is credited to Ann.
    const released = await page.request.post("/api/admin/waitlist/held", {
      data: { action: "release", ids: [held!.id] },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(await released.json()).toEqual({ released: 1 });
    const [friendMail] = await mailsTo(friendEmail, 1);
    await page.goto(confirmLinkOf(friendMail!));
    await page.getByRole("button", { name: "Confirm my place" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your place is confirmed" })).toBeVisible();
    expect((await adminEntries(page.request, annEmail))[0]!.referrals).toBe(1);
    await annPage.goto(statusUrl);
    await expect(annPage.getByTestId("friends-credited")).toHaveText(
      "1 friend who joined through your link is credited.",
    );
    await ann.close();
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
      "If you've just joined, look for our email at the address you gave.",
    );
    await axe(browser, page);
  });
});
