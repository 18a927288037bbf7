import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";

import { signInAsAdmin } from "@/e2e/support/admin";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { freshClientAddress } from "@/e2e/support/client-address";
import { mailboxForTheseTests } from "@/e2e/support/mailbox";
import { signUpWithProof } from "@/e2e/support/signup";
import { linksIn } from "@/test/smtp";

// Where referrals meet the rest: friends who join through a personal link by the real signup API, each
// confirming (or not) from the email a real SMTP server received; the referrer's status page in a browser
// saying what each friend earned, in the count their referral email gives; and an admin's "Credit anyway".
const run = Date.now().toString(36);
const mailbox = mailboxForTheseTests();

const mailTo = (address: string, subject: RegExp, timeoutMs?: number) =>
  mailbox.mailTo(address, { subject, timeoutMs });

const confirmLinkOf = async (address: string) => {
  const link = linksIn(await mailTo(address, /^Confirm your place/)).find((candidate) =>
    candidate.includes("/waitlist/confirm?token="),
  );
  if (!link) throw new Error(`no confirmation link in the email to ${address}`);
  return link;
};

/** Joins through the API with a proof, from `address`, through `ref` when given. */
async function join(request: APIRequestContext, email: string, address: string, ref?: string, name = "Pat Friend") {
  const response = await signUpWithProof(
    request,
    { name, email, businessType: "cleaning", employees: "2-5", agreedToTerms: true, ...(ref ? { ref } : {}) },
    { "X-Forwarded-For": address },
  );
  expect(response.status(), await response.text()).toBe(201);
}

/** Confirms by the API the confirmation page's form posts to, with the token the email carried. */
async function confirmByApi(request: APIRequestContext, email: string) {
  const token = new URL(await confirmLinkOf(email)).searchParams.get("token")!;
  const response = await request.post(`/api/waitlist/confirm?token=${encodeURIComponent(token)}`);
  expect(response.status(), await response.text()).toBe(200);
}

/** Confirms in a browser, as a person does; returns the status page's path. */
async function confirmInBrowser(browser: Browser, email: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(await confirmLinkOf(email));
  await expect(page.getByRole("heading", { level: 1, name: "Your place is confirmed" })).toBeVisible();
  const href = await page
    .getByRole("link", { name: "Follow the friends who join through your link" })
    .getAttribute("href");
  await context.close();
  expect(href).toMatch(/^\/waitlist\/status\?token=/);
  return href!;
}

async function entryId(request: APIRequestContext, email: string): Promise<number> {
  const response = await request.get(`/api/admin/waitlist?q=${encodeURIComponent(email)}`);
  const { entries } = (await response.json()) as { entries: { id: number }[] };
  expect(entries).toHaveLength(1);
  return entries[0]!.id;
}

const placeOf = (text: string) => Number(/#([\d,]+)/.exec(text)![1]!.replaceAll(",", ""));

test("a referrer sees what each friend earned, in the referral email's count, and an admin credits a withheld one anyway", async ({
  browser,
  page,
  request,
}) => {
  // Waiting for the referral email (sent a set time after the day's first credit) takes most of a minute.
  test.setTimeout(240_000);
  // The referrer's household: a network of this run's own, which one friend shares.
  const household = `198.18.${Math.floor(Math.random() * 250)}`;
  const company = `${run}.example.com`;
  const referrer = `ann.${run}@example.com`;
  const friends = {
    credited: `one.${run}@${company}`,
    waiting: `two.${run}@example.net`,
    sameNetwork: `three.${run}@example.org`,
    dailyLimit: `four.${run}@${company}`,
  };

  // Twelve people confirm just before the referrer, so each credit visibly moves her.
  const early = Array.from({ length: 12 }, (_, index) => `early${index}.${run}@example.com`);
  for (const email of early) await join(request, email, freshClientAddress());
  for (const email of early) await confirmByApi(request, email);
  await join(request, referrer, `${household}.5`, undefined, "Ann Referrer");
  const statusPath = await confirmInBrowser(browser, referrer);

  await page.goto(statusPath);
  const personalLink = await page.getByRole("textbox", { name: "Your personal link to share" }).inputValue();
  const ref = new URL(personalLink).searchParams.get("ref")!;
  const placeAtFirst = placeOf((await page.getByTestId("place").textContent())!);

  // Four friends join through her link: one confirms and is credited, one never confirms, one joins from her
  // network, and one is a second address at the first one's company domain on the same day.
  await join(request, friends.credited, freshClientAddress(), ref);
  await join(request, friends.waiting, freshClientAddress(), ref);
  await join(request, friends.sameNetwork, `${household}.77`, ref);
  await join(request, friends.dailyLimit, freshClientAddress(), ref);
  await confirmByApi(request, friends.credited);
  await confirmByApi(request, friends.sameNetwork);
  await confirmByApi(request, friends.dailyLimit);

  // Her page lists each as "a friend" with the day they joined, newest first, with what it earned and why.
  const today = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(new Date());
  await page.reload();
  await expect(page.getByTestId("friends-credited")).toHaveText("1 friend who joined through your link is credited.");
  await expect(page.getByRole("heading", { level: 2, name: "Friends who joined through your link (4)" })).toBeVisible();
  await expect(page.getByTestId("friends").getByRole("listitem")).toHaveText([
    `A friend, joined ${today}: Not credited: the daily limit: one friend a day counts from any one company's email domain.`,
    `A friend, joined ${today}: Not credited: they signed up from the same network as you, within 30 days of you.`,
    `A friend, joined ${today}: Waiting for them to confirm their email.`,
    `A friend, joined ${today}: Credited: it moved you up.`,
  ]);
  // No friend is named, nor their address shown.
  const text = (await page.locator("main").textContent())!;
  for (const email of Object.values(friends)) expect(text).not.toContain(email.split("@")[0]!);
  expect(text).not.toContain("Pat Friend");
  await expect(page.getByText(/A friend does not count when they sign up from the same network as you/)).toBeVisible();
  await expectNoAxeViolations(page);
  await expect
    .poll(
      async () => {
        await page.reload();
        return placeOf((await page.getByTestId("place").textContent())!);
      },
      { timeout: 30_000, intervals: [1_000, 2_000, 5_000] },
    )
    .toBeLessThan(placeAtFirst);
  const placeCredited = placeOf((await page.getByTestId("place").textContent())!);

  // Her email of the day counts the same friends as her page.
  const email = await mailTo(referrer, /through your link/, 120_000);
  const emailed = Number(/(\d+) friends? who joined through your link (?:is|are) credited/.exec(email.text ?? "")![1]);
  const shown = Number(/^(\d+) friends?/.exec((await page.getByTestId("friends-credited").textContent())!)![1]);
  expect(emailed).toBe(shown);

  // The admin credits the same-network friend anyway, on that friend's page.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signInAsAdmin(adminPage.request);
  await adminPage.goto(`/admin/waitlist/${await entryId(adminPage.request, friends.sameNetwork)}`);
  await expect(
    adminPage.getByText("Not credited: signed up from the referrer's network within 30 days of them"),
  ).toBeVisible();
  await adminPage.getByRole("button", { name: "Credit anyway" }).click();
  const dialog = adminPage.getByRole("alertdialog", { name: "Credit Ann Referrer for Pat Friend?" });
  await expect(dialog).toContainText("moves Ann Referrer up as any credited referral does");
  await expectNoAxeViolations(adminPage);
  await dialog.getByRole("button", { name: "Credit anyway" }).click();
  await expect(adminPage.getByText("Referral credited", { exact: true })).toBeVisible();
  await expect(adminPage.getByText(/· Credited$/)).toBeVisible();
  await expect(adminPage.getByRole("button", { name: "Credit anyway" })).toHaveCount(0);
  await expect(adminPage.getByTestId("timeline-event").last()).toContainText(
    "Their referral was credited anyway by the team",
  );
  // A second request, as a second click would send, credits nothing twice.
  const again = await adminPage.request.post(
    `/api/admin/waitlist/${await entryId(adminPage.request, friends.sameNetwork)}/referral-credit`,
  );
  expect(again.status()).toBe(409);

  // Her place moves as for any credit, and her page now counts two.
  await page.reload();
  await expect(page.getByTestId("friends-credited")).toHaveText("2 friends who joined through your link are credited.");
  await expect(page.getByTestId("friends").getByRole("listitem").nth(1)).toHaveText(
    `A friend, joined ${today}: Credited: it moved you up.`,
  );
  expect(placeOf((await page.getByTestId("place").textContent())!)).toBeLessThan(placeCredited);

  // The audit log says who did it.
  await adminPage.goto("/admin/audit");
  await expect(
    adminPage
      .getByTestId("audit-row")
      .filter({ hasText: "Credited a withheld referral" })
      .filter({ hasText: "it had been withheld: signed up from the referrer's network within 30 days of them." })
      .first(),
  ).toBeVisible();
  await admin.close();
});
