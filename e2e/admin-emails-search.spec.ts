import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { signInAsAdmin } from "@/e2e/support/admin";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { mailboxForTheseTests } from "@/e2e/support/mailbox";
import { signUpWithProof } from "@/e2e/support/signup";
import { linksIn } from "@/test/smtp";

// "Did Lee get her confirmation?": the Emails page finds a person's messages by part of their address, and narrows
// them by kind and by status, all in its address. The spec files share one database: this run's people carry its
// token, and every search names it.
const token = `em${Date.now().toString(36)}`;
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-admin-emails";
const SHOT_SUFFIX = process.env.SHOT_SUFFIX ?? "after";
const mailbox = mailboxForTheseTests();

const lee = `lee.harper.${token}@example.com`;
const lena = `lena.${token}@example.org`;
const leo = `leo.park.${token}@example.com`;

async function signUp(request: APIRequestContext, name: string, email: string) {
  const response = await signUpWithProof(request, {
    name,
    email,
    businessType: "cleaning",
    employees: "2-5",
    agreedToTerms: true,
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Each listed email as "address: kind label (status)", top to bottom. */
async function rowsOf(page: Page): Promise<string[]> {
  return page.getByTestId("email-row").evaluateAll((rows) =>
    rows.map((row) => {
      const cells = [...row.querySelectorAll("td")];
      const address = cells[0]?.querySelector("[data-email-address]")?.textContent?.trim();
      const kind = cells[1]?.querySelector("span")?.textContent?.trim();
      const status = cells[2]?.querySelector("[data-slot=badge], span")?.textContent?.trim();
      return `${address}: ${kind} (${status})`;
    }),
  );
}

test.use({ timezoneId: "UTC" });

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  // Lee and Lena get their confirmations; Lee confirms, and gets the "You're confirmed" email as well.
  await signUp(request, "Lee Harper", lee);
  await signUp(request, "Lena Moss", lena);
  const confirmation = await mailbox.mailTo(lee);
  const link = linksIn(confirmation).find((candidate) => candidate.includes("/waitlist/confirm?token="))!;
  const confirmed = await request.post(
    `/api/waitlist/confirm?token=${encodeURIComponent(new URL(link).searchParams.get("token")!)}`,
  );
  expect(confirmed.status()).toBe(200);
  await mailbox.mailTo(lena);
  await expect.poll(() => mailbox.to(lee).length, { timeout: 20_000 }).toBe(2);
  // The mail server goes down before Leo joins: his confirmation waits to be sent. It stays down, so the port is free
  // for the next spec's mailbox.
  await mailbox.stop();
  await signUp(request, "Leo Park", leo);
});

test.describe("the Emails page's search and filters", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page.request);
  });

  test("one search for part of an address finds Lee's emails; kind and status narrow them; the address keeps it all; Clear shows every email", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/admin/emails");
    if (process.env.SHOTS_DIR) {
      await expect(page.getByTestId("email-row").first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/admin-emails-1280-${SHOT_SUFFIX}.jpg`, type: "jpeg", quality: 70 });
    }
    const search = page.getByRole("searchbox", { name: "Recipient" });
    const kind = page.getByRole("combobox", { name: "Kind" });
    const status = page.getByRole("combobox", { name: "Status" });

    // By keyboard: part of her address, in another case, and Enter.
    await search.focus();
    await page.keyboard.type(`HARPER.${token.toUpperCase()}`);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`[?&]q=HARPER.${token.toUpperCase()}`));
    await expect
      .poll(() => rowsOf(page))
      .toEqual([`${lee}: “You're confirmed” email (Sent)`, `${lee}: Confirmation email (Sent)`]);
    await expect(page.getByRole("status").filter({ hasText: "Showing 1–2 of 2 matching emails" })).toBeVisible();

    // The kinds are named as the kinds' registry names them.
    await kind.selectOption({ label: "Confirmation email" });
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/[?&]kind=confirmation(&|$)/);
    await expect.poll(() => rowsOf(page)).toEqual([`${lee}: Confirmation email (Sent)`]);
    await expectNoAxeViolations(page);
    if (process.env.SHOTS_DIR)
      await page.screenshot({
        path: `${SHOTS}/admin-emails-search-1280-${SHOT_SUFFIX}.jpg`,
        type: "jpeg",
        quality: 70,
      });

    // Everyone of this run, confirmations only, by status.
    await search.fill(token);
    await status.selectOption({ label: "Waiting to send" });
    await search.press("Enter");
    await expect.poll(() => rowsOf(page)).toEqual([`${leo}: Confirmation email (Waiting to send)`]);
    await status.selectOption({ label: "Sent" });
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect
      .poll(() => rowsOf(page))
      .toEqual([`${lena}: Confirmation email (Sent)`, `${lee}: Confirmation email (Sent)`]);

    // The address is shareable: opened afresh, it shows the same rows and the same controls.
    const shared = page.url();
    await page.goto(shared);
    await expect(search).toHaveValue(token);
    await expect(kind).toHaveValue("confirmation");
    await expect(status).toHaveValue("sent");
    expect(await rowsOf(page)).toHaveLength(2);

    // Nothing matches: it says so, with a way back to every email.
    await search.fill(`${token}-nobody`);
    await search.press("Enter");
    await expect(page.getByText("No emails match your search and filters")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/admin\/emails$/);
    await expect(search).toHaveValue("");
    await expect(kind).toHaveValue("");
    await expect(status).toHaveValue("");
    await expect(page.getByTestId("email-row").first()).toBeVisible();
  });

  test("a value no filter can use is said beside its control, and the list is not narrowed by it", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/admin/emails?q=${token}&kind=spam`);
    await expect(page.getByRole("combobox", { name: "Kind" })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("kind must be one of the kinds of email")).toBeVisible();
    expect(await rowsOf(page)).toHaveLength(4);
  });
});
