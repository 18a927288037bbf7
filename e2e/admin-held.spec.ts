import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { signInAsAdmin } from "@/e2e/support/admin";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { freshClientAddress } from "@/e2e/support/client-address";
import { mailboxForTheseTests, recipientOf } from "@/e2e/support/mailbox";
import { solvedProof } from "@/e2e/support/signup";
import { E2E_CRON_SECRET } from "@/playwright.config";

// The e2e server leaves SIGNUP_CHALLENGE unset: a signup sent without the form's proof of work is held for
// review. The spec files share one database, so every entry here carries this run's token.
const token = `hx${Date.now().toString(36)}`;
const REASON = "Sent without the form's background check";

// A real SMTP server on the port the main server sends to: the released entry's confirmation lands here.
const mailbox = mailboxForTheseTests();

const mailTo = (address: string, timeoutMs?: number) => mailbox.mailTo(address, { timeoutMs });

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
    // In words, to the eye and by name: "3 held", not a bare number.
    const badge = nav.getByRole("link", { name: /^[\d,]+ held$/ });
    await expect(badge).toBeVisible();
    await expect(badge).toHaveText(/^[\d,]+ held$/);
    await badge.click();
    await expect(page).toHaveURL(/\/admin\?held=yes$/);

    await heldList(page);
    await expect(rows(page)).toHaveCount(1);
    const row = rows(page).first();
    await expect(row.getByTestId("held-badge")).toHaveText(/^Held:?$/);
    await expect(row.getByTestId("held-reason")).toHaveText("No check: JavaScript off, or a script");
    await expect(row.getByTestId("held-reason")).toHaveAttribute("title", new RegExp(`^${REASON}`));
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

/** Runs the maintenance sweep now, as the scheduler does, and sends what it queued. */
async function cronSweep(request: APIRequestContext) {
  const response = await request.get("/api/cron/outbox", { headers: { Authorization: `Bearer ${E2E_CRON_SECRET}` } });
  expect(response.status(), await response.text()).toBe(200);
}

test.describe("held signups reach the owner", () => {
  // An admin of this run's own, so no other file's sweep has told them of anything yet.
  const owner = {
    name: `Owner ${token}`,
    email: `owner-${token}@example.com`,
    password: "owner-correct-horse-battery",
  };
  const heldMails = () =>
    mailbox.messages.filter(
      (mail) => recipientOf(mail) === owner.email && / held for review on the /.test(mail.subject ?? ""),
    );

  test("a no-script form post, a proofless API signup and a garbled or reused proof make one hourly email to an admin who chose every signup (none before), and each row says why in words", async ({
    page,
  }) => {
    await signInAsAdmin(page.request);
    const created = await page.request.post("/api/admin/users", { data: owner });
    expect(created.status(), await created.text()).toBe(201);
    await signInAsAdmin(page.request, owner);
    const notify = async (choice: string) =>
      expect((await page.request.put("/api/admin/notifications", { data: { notify: choice } })).status()).toBe(200);
    await notify("digest");

    // A visitor whose browser runs no script posts the plain form: held, never lost.
    const plain = await page.request.post("/api/waitlist", {
      headers: { "X-Forwarded-For": freshClientAddress() },
      form: {
        name: `Plover ${token} Noscript`,
        email: `plover-${token}@example.com`,
        businessType: "car",
        employees: "1",
        agreedToTerms: "on",
      },
    });
    expect(plain.status(), await plain.text()).toBeLessThan(400);
    // Scripts: no proof, a garbled one, and one already used by a proven signup.
    for (const bird of ["Stint", "Knot", "Dunlin", "Sanderling", "Turnstone"])
      await holdSignup(page.request, `${bird} ${token}`, `${bird.toLowerCase()}-${token}@example.com`);
    const garbled = await page.request.post("/api/waitlist", {
      headers: { "X-Forwarded-For": freshClientAddress() },
      data: {
        name: `Ruff ${token} Garbled`,
        email: `ruff-${token}@example.com`,
        businessType: "car",
        employees: "1",
        agreedToTerms: true,
        altcha: Buffer.from("not json").toString("base64"),
      },
    });
    expect(garbled.status(), await garbled.text()).toBe(201);
    const proof = await solvedProof(page.request);
    for (const [bird, status] of [
      ["Godwit", 201],
      ["Whimbrel", 201],
    ] as const) {
      const response = await page.request.post("/api/waitlist", {
        headers: { "X-Forwarded-For": freshClientAddress() },
        data: {
          name: `${bird} ${token}${bird === "Whimbrel" ? " Reused" : ""}`,
          email: `${bird.toLowerCase()}-${token}@example.com`,
          businessType: "car",
          employees: "1",
          agreedToTerms: true,
          altcha: proof,
        },
      });
      expect(response.status(), await response.text()).toBe(status);
    }

    // The admin chose the digest: the sweep tells them nothing of held signups.
    await cronSweep(page.request);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(heldMails()).toHaveLength(0);

    // Every new signup: one email for all of them.
    await notify("each");
    await cronSweep(page.request);
    await expect.poll(() => heldMails().length, { timeout: 20_000 }).toBe(1);
    const [mail] = heldMails();
    const [, count] = /^([\d,]+) signups held for review on the Otto waiting list$/.exec(mail!.subject ?? "") ?? [];
    // This test's eight, and any other file's from the last hour.
    expect(Number(count?.replaceAll(",", ""))).toBeGreaterThanOrEqual(8);
    const link = /(http\S+\/admin\?held=yes)\b/.exec(mail!.text ?? "")?.[1];
    expect(link).toBe(`${process.env.E2E_BASE_URL}/admin?held=yes`);

    // More within the hour, and more sweeps: still the one email.
    for (const bird of ["Avocet", "Stilt", "Lapwing"])
      await holdSignup(page.request, `${bird} ${token}`, `${bird.toLowerCase()}-${token}@example.com`);
    await cronSweep(page.request);
    await cronSweep(page.request);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(heldMails()).toHaveLength(1);

    // The email's link opens the held list; each row says why it was held, in words.
    await page.goto(link!);
    await expect(page).toHaveURL(/\/admin\?held=yes$/);
    await page.goto(`/admin?held=yes&q=${token}`);
    const reasonOf = (name: RegExp) => rows(page).filter({ hasText: name }).getByTestId("held-reason");
    await expect(reasonOf(/Plover .* Noscript/)).toHaveText("No check: JavaScript off, or a script");
    await expect(reasonOf(/Ruff .* Garbled/)).toHaveText("Garbled check");
    await expect(reasonOf(/Whimbrel .* Reused/)).toHaveText("Check already used");
    await expect(reasonOf(/Stint /)).toHaveText("No check: JavaScript off, or a script");
    await expectNoAxeViolations(page);

    // The sidebar's count, in words, is the held list's total.
    const { total } = (await (await page.request.get("/api/admin/waitlist?held=yes")).json()) as { total: number };
    const nav = page.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link", { name: `${total.toLocaleString("en-GB")} held`, exact: true })).toBeVisible();

    await notify("none");
  });
});
