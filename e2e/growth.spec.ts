import { expect, test, type Browser } from "@playwright/test";
import { parse } from "csv-parse/sync";
import type { ParsedMail } from "mailparser";

import { signInAsAdmin } from "@/e2e/support/admin";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { mailboxForTheseTests, recipientOf } from "@/e2e/support/mailbox";
import { linksIn } from "@/test/smtp";

// The growth loop end to end, with a real SMTP server: a visitor's place in line, their personal link, and
// friends who join through it.
const run = Date.now().toString(36);
const mailbox = mailboxForTheseTests();

const mailTo = (address: string, timeoutMs?: number) => mailbox.mailTo(address, { timeoutMs });

const confirmLinkOf = (mail: ParsedMail) => {
  const link = linksIn(mail).find((candidate) => candidate.includes("/waitlist/confirm?token="));
  if (!link) throw new Error("no confirmation link in the email");
  return link;
};

// Referral credit is withheld between neighbours (/24): each person here comes from a network of their own.
let network = Math.floor(Math.random() * 200);
const ownNetworkAddress = () =>
  `172.${16 + (++network % 16)}.${Math.floor(network / 16) % 256}.${10 + (network % 200)}`;

/** A visitor opens `url` (the landing page, maybe through a personal link) and signs up with the form. */
async function signUpInBrowser(browser: Browser, url: string, name: string, email: string) {
  const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": ownNetworkAddress() } });
  const page = await context.newPage();
  await page.goto(url);
  const section = page.locator("section#join-waitlist");
  await section.scrollIntoViewIfNeeded();
  await section.locator("form[data-enhanced]").waitFor();
  await section.getByLabel("Your Name").fill(name);
  await section.getByLabel("Business Email").fill(email);
  await section.getByRole("combobox", { name: "Business Type" }).click();
  await page.getByRole("option", { name: "Cleaning" }).click();
  await section.getByRole("combobox", { name: "Number of Employees" }).click();
  await page.getByRole("option", { name: "2-5" }).click();
  await section.getByRole("checkbox", { name: /I agree/ }).click();
  await section.getByRole("button", { name: "Join the Waiting List" }).click();
  // Every accepted signup gets the same answer, whatever happens to its referral.
  await expect(section.getByRole("button", { name: "Add another business" })).toBeVisible();
  await context.close();
}

/** Follows the confirmation email's link in a browser, as a person does; returns the status page's URL. */
async function confirmFromEmail(browser: Browser, email: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(confirmLinkOf(await mailTo(email)));
  await expect(page.getByRole("heading", { level: 1, name: "Your place is confirmed" })).toBeVisible();
  const link = page.getByRole("link", { name: "Follow the friends who join through your link" });
  const href = await link.getAttribute("href");
  await context.close();
  expect(href).toMatch(/^\/waitlist\/status\?token=/);
  return href!;
}

const placeOf = (text: string) => Number(/#([\d,]+)/.exec(text)![1]!.replaceAll(",", ""));

test.describe("the growth loop", () => {
  test("a visitor's place, their personal link, and friends who join through it", async ({ browser, page }) => {
    // A dozen visitors sign up and confirm in browsers of their own, and the referrer's email waits for them.
    test.setTimeout(300_000);
    // Zed confirms just before Ann, so Zed is ahead of her until her friends' referrals move her past.
    const zed = `zed.early.${run}@example.org`;
    await signUpInBrowser(browser, "/#join-waitlist", "Zed Early", zed);
    const zedStatusUrl = await confirmFromEmail(browser, zed);
    const ann = `ann.smith.${run}@gmail.com`;
    await signUpInBrowser(browser, "/#join-waitlist", "Ann Smith", ann);
    const statusUrl = await confirmFromEmail(browser, ann);
    const zedPlace = async () => {
      const zedPage = await browser.newPage();
      await zedPage.goto(zedStatusUrl);
      const text = await zedPage.getByTestId("place").textContent();
      await zedPage.close();
      return placeOf(text!);
    };

    const response = await page.goto(statusUrl);
    expect(response!.headers()["referrer-policy"]).toBe("no-referrer");
    expect(response!.headers()["cache-control"]).toContain("no-store");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Your place on the Otto waiting list");
    const place = page.getByTestId("place");
    await expect(place).toHaveText(/^You're #[\d,]+ of [\d,]+$/);
    const before = placeOf((await place.textContent())!);
    expect(await zedPlace()).toBeLessThan(before);
    const personalLink = await page.getByLabel("Your personal link to share").inputValue();
    expect(personalLink).toMatch(/\/\?ref=[23456789abcdefghjkmnpqrstuvwxyz]{8}$/);
    await expect(page.getByTestId("friends-credited")).toHaveText("No friends have joined through your link yet.");
    await expect(page.getByText("moves you past as many as 10 people, for up to 10 friends.")).toBeVisible();
    await expect(page.getByRole("link", { name: /^WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=/);
    await expect(page.getByRole("link", { name: "Remove me from the list" })).toBeVisible();
    await expectNoAxeViolations(page);

    // Copy link says so politely.
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Link copied" })).toBeVisible();

    // Two friends join through the link and confirm: each moves Ann past as many as 10 who confirmed before her.
    const path = new URL(personalLink).pathname + new URL(personalLink).search;
    // Each at a domain of their own: one company's domain brings one credited friend a day.
    for (const [friend, domain] of [
      ["bo", "example.org"],
      ["cy", "example.net"],
    ] as const) {
      const email = `${friend}.${run}@${domain}`;
      await signUpInBrowser(browser, `${path}#join-waitlist`, `${friend} Friend`, email);
      await confirmFromEmail(browser, email);
    }
    await page.reload();
    await expect(page.getByTestId("friends-credited")).toHaveText(
      "2 friends who joined through your link are credited.",
    );
    // Other journeys share the database, and their confirmations, invitations and erasures move the line too:
    // what holds whatever they do is that Ann moved up, past Zed. A place may be shown from the server's
    // memory for a few seconds, so the page is read again until it shows the new one.
    let after = before;
    await expect
      .poll(
        async () => {
          await page.reload();
          after = placeOf((await page.getByTestId("place").textContent())!);
          return after < before && (await zedPlace()) > after;
        },
        { timeout: 40_000, intervals: [1_000, 2_000, 5_000] },
      )
      .toBe(true);

    // Ann's own address written differently signs up through her link: kept and answered like any other, no credit.
    const disguised = `Ann.Smith.${run}+again@googlemail.com`;
    await signUpInBrowser(browser, `${path}#join-waitlist`, "Ann Again", disguised);
    await confirmFromEmail(browser, disguised);
    await page.reload();
    await expect(page.getByTestId("friends-credited")).toHaveText(
      "2 friends who joined through your link are credited.",
    );
    await expect(page.getByTestId("friends").getByRole("listitem")).toHaveCount(3);
    // No credit: Ann does not move back, nor forward for it.
    expect(placeOf((await page.getByTestId("place").textContent())!)).toBeLessThanOrEqual(after);
    await expectNoAxeViolations(page);

    // The team sees it all on the entries' pages: who came through Ann's link, and why one earned nothing.
    const admin = await browser.newContext();
    const adminPage = await admin.newPage();
    await signInAsAdmin(adminPage.request);
    const idOf = async (email: string) => {
      const listed = await (await adminPage.request.get(`/api/admin/waitlist?q=${encodeURIComponent(email)}`)).json();
      return (listed.entries as { id: number; email: string }[]).find((entry) => entry.email === email.toLowerCase())!
        .id;
    };
    await adminPage.goto(`/admin/waitlist/${await idOf(ann)}`);
    await expect(adminPage.getByRole("heading", { level: 2, name: "Joined through their link (3)" })).toBeVisible();
    const referrals = adminPage.getByTestId("referrals");
    await expect(referrals.getByRole("listitem").filter({ hasText: "bo Friend" })).toContainText("Credited");
    await expect(referrals.getByRole("listitem").filter({ hasText: "Ann Again" })).toContainText(
      "Not credited: the referrer's own address, written differently",
    );
    // The list narrows to them from there, by the filter the list's controls offer too.
    await adminPage.getByRole("link", { name: "List everyone who joined through their link" }).click();
    await expect(adminPage.getByRole("textbox", { name: "Referred by" })).toHaveValue(/^[23456789a-z]{8}$/);
    await expect(adminPage.getByRole("status").filter({ hasText: "of 3 matching entries" })).toBeVisible();
    await adminPage.goto(`/admin/waitlist/${await idOf(disguised)}`);
    await expect(adminPage.getByRole("link", { name: "Ann Smith" })).toBeVisible();
    await expect(adminPage.getByText("Not credited: the referrer's own address, written differently")).toBeVisible();
    await expectNoAxeViolations(adminPage);

    // The list: this journey's five people by place, each with their referrals; Ann, moved up, is ahead of Zed.
    await adminPage.goto(`/admin?q=${run}`);
    await adminPage.getByRole("link", { name: "Place: sort front of the line first" }).click();
    await expect(adminPage).toHaveURL(/sort=place_asc/);
    const rows = adminPage
      .getByRole("table")
      .getByRole("row")
      .filter({ has: adminPage.getByRole("cell") });
    await expect(rows).toHaveCount(5);
    const listed = await rows.evaluateAll((elements) =>
      elements.map((row) => {
        const cells = [...row.querySelectorAll("td")].map((cell) => cell.textContent!.trim());
        return { place: cells[1]!, name: cells[2]!, referrals: cells.at(-1)! };
      }),
    );
    const listedPlaces = listed.map((row) => placeOf(row.place));
    expect(listedPlaces).toEqual([...listedPlaces].sort((a, b) => a - b));
    const names = listed.map((row) => row.name);
    expect(names.indexOf("Ann Smith")).toBeLessThan(names.indexOf("Zed Early"));
    expect(listed.find((row) => row.name === "Ann Smith")!.referrals).toBe("2");
    expect(listed.find((row) => row.name === "Zed Early")!.referrals).toBe("0");
    await expectNoAxeViolations(adminPage);

    // The CSV says the same, with each code and who referred whom.
    const csv = parse(
      await (await adminPage.request.get(`/api/admin/waitlist/export?q=${run}&sort=place_asc`)).text(),
      { bom: true },
    ) as string[][];
    const [header, ...records] = csv;
    const field = (record: string[], name: string) => record[header!.indexOf(name)]!;
    const annRecord = records.find((record) => field(record, "Email") === ann.toLowerCase())!;
    expect(field(annRecord, "Referrals")).toBe("2");
    expect(field(annRecord, "Referral code")).toBe(new URL(personalLink).searchParams.get("ref"));
    expect(field(annRecord, "Referred by")).toBe("");
    expect(records.map((record) => Number(field(record, "Place")))).toEqual(listedPlaces);
    for (const email of [`bo.${run}@example.org`, `cy.${run}@example.net`, disguised.toLowerCase()])
      expect(
        field(
          records.find((record) => field(record, "Email") === email)!,
          "Referred by",
        ),
      ).toBe(ann.toLowerCase());

    // The overview: Ann leads today's referrers with her two credited friends.
    await adminPage.goto("/admin/overview?range=today");
    const topReferrers = adminPage.getByTestId("top-referrers");
    await expect(topReferrers.getByRole("row").filter({ hasText: "Ann Smith" })).toContainText("2");
    await expect(adminPage.getByTestId("referral-share")).toHaveText(/^[\d,]+ of [\d,]+ signups? \(\d+(\.\d+)?%\)$/);
    await expect(adminPage.getByTestId("viral-factor")).toHaveText(/^\d+\.\d\d$/);
    await expectNoAxeViolations(adminPage);
    await admin.close();

    // Ann's one email of the day about her friends: both credited friends, her place, and the way off the list.
    const referralEmails = () =>
      mailbox.messages.filter(
        (message) => recipientOf(message) === ann.toLowerCase() && message.subject?.includes("through your link"),
      );
    await expect.poll(() => referralEmails().length, { timeout: 90_000, intervals: [1_000] }).toBe(1);
    const [friendsEmail] = referralEmails();
    expect(friendsEmail!.subject).toBe("A friend joined the Otto waiting list through your link");
    expect(friendsEmail!.text).toMatch(/2 friends who joined through your link are credited; you're now #[\d,]+/);
    const unsubscribe = friendsEmail!.headerLines.find((line) => line.key === "list-unsubscribe")!.line;
    const leaveUrl = /<([^>]+)>/.exec(unsubscribe)![1]!;
    expect(leaveUrl).toContain("/waitlist/leave?token=");
    expect(linksIn(friendsEmail!)).toContain(leaveUrl);
    expect(linksIn(friendsEmail!).some((link) => link.includes("/waitlist/status?token="))).toBe(true);

    // A link that names nobody shows a clear page.
    await page.goto("/waitlist/status?token=not-a-token");
    await expect(page.getByRole("heading", { level: 1, name: "This link does not work" })).toBeVisible();
  });
});
