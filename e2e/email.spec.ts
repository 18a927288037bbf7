import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import type { ParsedMail } from "mailparser";

import { E2E_ADMIN } from "../playwright.config";
import { linksIn, startMailbox, type TestMailbox } from "../test/smtp";

// A real SMTP server on the port the main server sends to: every confirmation email of these tests lands here.
const run = Date.now().toString(36);
let mailbox: TestMailbox;
let ipCounter = 0;
const freshIp = () => `10.77.${Math.floor(Date.now() / 1000) % 250}.${++ipCounter}`;

test.beforeAll(async () => {
  mailbox = await startMailbox(Number(process.env.E2E_SMTP_PORT));
});
test.afterAll(async () => {
  await mailbox.stop();
});

const recipient = (mail: ParsedMail) => (mail.to && "text" in mail.to ? mail.to.text : "");

/** The first email to an address (with a subject starting so, when given). */
async function mailTo(address: string, timeoutMs = 20_000, subject = ""): Promise<ParsedMail> {
  const started = Date.now();
  for (;;) {
    const mail = mailbox.messages.find((message) => recipient(message) === address && (message.subject ?? "").startsWith(subject));
    if (mail) return mail;
    if (Date.now() - started > timeoutMs) throw new Error(`no email "${subject}…" to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The invitation email to an address (it got a confirmation email first). */
const invitationTo = (address: string) => mailTo(address, 20_000, "Your invitation");

/** A link from an email, on this test's server (the email's links are absolute, on NEXT_PUBLIC_SITE_URL). */
const linkOf = (mail: ParsedMail, path: string) => {
  const link = linksIn(mail).find((candidate) => candidate.includes(path));
  if (!link) throw new Error(`no ${path} link in the email`);
  return link;
};

async function signUp(request: APIRequestContext, email: string, name = "Casey Confirm") {
  const response = await request.post("/api/waitlist", {
    headers: { "X-Forwarded-For": freshIp() },
    data: { name, email, businessType: "cleaning", employees: "2-5", agreedToTerms: true },
  });
  expect(response.status()).toBe(201);
}

async function adminSearch(request: APIRequestContext, q: string) {
  const response = await request.get(`/api/admin/waitlist?q=${encodeURIComponent(q)}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { entries: { email: string; confirmedAt: string | null }[]; total: number };
}

async function signInAsAdmin(page: Page) {
  const response = await page.request.post("/api/admin/login", {
    headers: { "X-Forwarded-For": freshIp() },
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(response.status()).toBe(200);
}

async function expectNoAxeViolations(page: Page) {
  // An email preview is shown in an empty sandbox, where nothing (axe included) can run: it is the email's
  // HTML, not the page's.
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).exclude('iframe[sandbox=""]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test.describe("email", () => {
  test("a visitor signs up in the browser, gets the confirmation email, opens its link and is marked confirmed", async ({ page, browser }) => {
    const email = `casey.${run}@example.com`;
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": freshIp() });
    await page.goto("/#join-waitlist");
    const section = page.locator("section#join-waitlist");
    await section.getByLabel("Your Name").fill("Casey Confirm");
    await section.getByLabel("Business Email").fill(email);
    await section.getByRole("combobox", { name: "Business Type" }).click();
    await page.getByRole("option", { name: "Cleaning" }).click();
    await section.getByRole("combobox", { name: "Number of Employees" }).click();
    await page.getByRole("option", { name: "2-5" }).click();
    await section.getByRole("checkbox", { name: /I agree/ }).click();
    await section.getByRole("button", { name: "Join the Waiting List" }).click();
    await expect(section.getByRole("button", { name: "Add another business" })).toBeVisible();

    const mail = await mailTo(email);
    expect(mail.subject).toBe("Confirm your place on the Otto waiting list");
    expect(mail.html).toContain("Confirm my place");

    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(linkOf(mail, "/waitlist/confirm?token="));
    await expect(visitor.getByRole("heading", { level: 1, name: "Your place is confirmed" })).toBeVisible();
    await expect(visitor.getByText("Thanks, Casey Confirm.")).toBeVisible();
    await expectNoAxeViolations(visitor);
    // The link works once; opened again it says so kindly.
    await visitor.reload();
    await expect(visitor.getByRole("heading", { level: 1, name: "Your place is already confirmed" })).toBeVisible();
    // A broken link offers a new one, with the same answer whoever asks.
    await visitor.goto("/waitlist/confirm?token=not-a-real-token");
    await expect(visitor.getByRole("heading", { level: 1, name: "This link has expired or was already used" })).toBeVisible();
    await visitor.getByLabel("Your email").fill(`nobody.${run}@example.com`);
    await visitor.getByRole("button", { name: "Send me a new link" }).click();
    await expect(visitor.getByRole("status").filter({ hasText: "a new link is on its way" })).toBeVisible();
    await expectNoAxeViolations(visitor);
    await visitorContext.close();

    await signInAsAdmin(page);
    await page.goto(`/admin?q=${encodeURIComponent(email)}`);
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row.getByText("Confirmed", { exact: true })).toBeVisible();
    await page.getByRole("combobox", { name: "Confirmed" }).selectOption({ label: "Not confirmed" });
    await expect(page).toHaveURL(/confirmed=no/);
    await expect(page.getByText("No entries match your search")).toBeVisible();

    // The outbox shows the message as sent, and opens it.
    await page.goto("/admin/emails");
    const sent = page.getByTestId("email-row").filter({ hasText: email });
    await expect(sent.getByText("Sent", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await sent.getByRole("link", { name: "Confirm your place on the Otto waiting list" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Confirm your place on the Otto waiting list" })).toBeVisible();
    await expect(page.frameLocator("iframe").getByText("Confirm my place")).toBeVisible();
  });

  test("one click on the email's List-Unsubscribe URL erases the entry; the leave page asks before it erases", async ({ page, request }) => {
    const first = `leaver.${run}@example.com`;
    const second = `leaver2.${run}@example.com`;
    await signUp(request, first, "Lee Leaver");
    await signUp(request, second, "Lou Leaver");
    const count = async () => ((await (await request.get(`/api/waitlist/count?fresh=${Date.now()}`)).json()) as { count: number }).count;

    // A mail client's one-click POST, to the URL in the List-Unsubscribe header.
    const mail = await mailTo(first);
    const header = mail.headerLines.find((line) => line.key === "list-unsubscribe")!.line;
    const leaveUrl = /<([^>]+)>/.exec(header)![1]!;
    expect(leaveUrl).toBe(linkOf(mail, "/waitlist/leave?token="));
    const before = await count();
    const response = await request.post(leaveUrl, { form: { "List-Unsubscribe": "One-Click" } });
    expect(response.status()).toBe(200);
    await signInAsAdmin(page);
    expect((await adminSearch(page.request, first)).total).toBe(0);
    await expect.poll(count).toBe(before - 1);

    // A person: opening the link only asks; the button erases and says so.
    const secondMail = await mailTo(second);
    await page.goto(linkOf(secondMail, "/waitlist/leave?token="));
    await expect(page.getByRole("heading", { level: 1, name: "Leave the Otto waiting list?" })).toBeVisible();
    expect((await adminSearch(page.request, second)).total).toBe(1);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Remove me" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "You have left the waiting list" })).toBeVisible();
    expect((await adminSearch(page.request, second)).total).toBe(0);
    // The link now names nobody.
    await page.goto(linkOf(secondMail, "/waitlist/leave?token="));
    await expect(page.getByRole("heading", { level: 1, name: "This link no longer works" })).toBeVisible();
  });

  test("with the mail server down, the message waits in the outbox and arrives from the sweep once it is back", async ({ request, page }) => {
    await mailbox.stop();
    const email = `patient.${run}@example.com`;
    await signUp(request, email, "Pat Patient");
    await signInAsAdmin(page);
    // The attempt right after the response fails; the outbox says so.
    await expect
      .poll(async () => {
        await page.goto("/admin/emails");
        return page.getByTestId("email-row").filter({ hasText: email }).textContent();
      })
      .toMatch(/Waiting to send.*ECONNREFUSED/);

    mailbox = await startMailbox(Number(process.env.E2E_SMTP_PORT));
    const mail = await mailTo(email, 30_000);
    expect(mail.subject).toBe("Confirm your place on the Otto waiting list");
    await page.goto("/admin/emails");
    await expect(page.getByTestId("email-row").filter({ hasText: email }).getByText("Sent", { exact: true })).toBeVisible();
  });
  test("an admin filters to one business type, invites the next 3 confirmed entries, and the list follows their invitations", async ({ page, request, browser }) => {
    test.setTimeout(120_000);
    // Six signups of this run, oldest first: an unconfirmed tutor, four confirmed tutors and a confirmed cleaner.
    const tag = `inv${run}`;
    const person = (index: number) => ({ name: `Ivy ${tag} ${index}`, email: `${tag}.${index}@example.com` });
    const [unconfirmed, first, second, third, fourth, cleaner] = [person(0), person(1), person(2), person(3), person(4), person(5)];
    const people = [unconfirmed, first, second, third, fourth, cleaner];
    for (const entry of people) {
      const response = await request.post("/api/waitlist", {
        headers: { "X-Forwarded-For": freshIp() },
        data: { ...entry, businessType: entry === cleaner ? "cleaning" : "tutoring", employees: "1", agreedToTerms: true },
      });
      expect(response.status()).toBe(201);
    }
    for (const entry of people.slice(1)) {
      const confirmed = await request.get(linkOf(await mailTo(entry.email), "/waitlist/confirm?token="));
      expect(await confirmed.text()).toContain("Your place is confirmed");
    }

    await signInAsAdmin(page);
    await page.goto(`/admin?q=${tag}`);
    await page.getByRole("combobox", { name: "Business type" }).selectOption({ label: "Tutoring" });
    await expect(page).toHaveURL(/type=tutoring/);
    await expect(page.getByRole("status").filter({ hasText: /^Showing/ })).toHaveText("Showing 1–5 of 5 matching entries");

    await page.getByRole("button", { name: "Invite the next…" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite the next in the queue" });
    await dialog.getByLabel("How many").fill("3");
    await expect(dialog.getByRole("status")).toHaveText("3 people will be invited. Entries already invited or accepted are skipped.");
    // The preview greets the first of them: the oldest confirmed tutor, not the unconfirmed one.
    const preview = dialog.frameLocator("iframe");
    await expect(preview.getByText(`It's your turn, ${first.name}`)).toBeVisible();
    await dialog.getByLabel("Personal note (optional)").fill("Looking forward to hearing how your lessons go.");
    await expect(preview.getByText("Looking forward to hearing how your lessons go.")).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Invite 3 people" }).click();
    await expect(page.getByText("Invited 3 people")).toBeVisible();

    // The real SMTP server receives exactly those three invitations, with the note.
    const invitations = await Promise.all([first, second, third].map((entry) => invitationTo(entry.email)));
    for (const mail of invitations) {
      expect(mail.subject).toBe("Your invitation to Otto is here");
      expect(mail.text).toContain("Looking forward to hearing how your lessons go.");
    }
    expect(mailbox.messages.filter((mail) => mail.subject?.startsWith("Your invitation") && [unconfirmed, fourth].some((entry) => recipient(mail) === entry.email))).toEqual([]);

    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(linkOf(invitations[0]!, "/early-access?token="));
    await expect(visitor.getByRole("heading", { level: 1, name: `Welcome to early access, ${first.name}` })).toBeVisible();
    await expectNoAxeViolations(visitor);
    await visitorContext.close();

    await page.reload();
    const statusOf = (entry: { email: string }) => page.getByRole("row").filter({ hasText: entry.email }).locator('[data-label="Status"]');
    await expect(statusOf(first)).toHaveText("Accepted");
    await expect(statusOf(second)).toHaveText("Invited");
    await expect(statusOf(third)).toHaveText("Invited");
    await expect(statusOf(fourth)).toHaveText("Waiting");
    await expect(statusOf(unconfirmed)).toHaveText("Waiting");
    await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Invited" });
    await expect(page.getByRole("status").filter({ hasText: /^Showing/ })).toHaveText("Showing 1–2 of 2 matching entries");
    await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Accepted" });
    await expect(page.getByRole("status").filter({ hasText: /^Showing/ })).toHaveText("Showing 1–1 of 1 matching entries");

    // Rows are chosen by keyboard too: Space on a row's checkbox, then the chosen ones are invited.
    await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Waiting" });
    await expect(page.getByRole("status").filter({ hasText: /^Showing/ })).toHaveText("Showing 1–2 of 2 matching entries");
    await expect(page.getByRole("checkbox", { name: `Select ${unconfirmed.name}` })).toBeEnabled();
    await page.getByRole("checkbox", { name: `Select ${unconfirmed.name}` }).focus();
    await page.keyboard.press("Space");
    await expect(page.getByText("1 selected on this page.")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Invite selected" }).click();
    const selected = page.getByRole("dialog", { name: "Invite the selected entries" });
    await expect(selected.getByRole("status")).toHaveText("1 person will be invited. Entries already invited or accepted are skipped.");
    await selected.getByRole("button", { name: "Invite 1 person" }).click();
    await expect(page.getByText("Invited 1 person")).toBeVisible();
    await invitationTo(unconfirmed.email);
    await expect(statusOf(fourth)).toHaveText("Waiting");
    await expect(page.getByRole("row").filter({ hasText: unconfirmed.email })).toHaveCount(0);
  });
});
