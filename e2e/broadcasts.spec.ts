import { expect, test, type APIRequestContext } from "@playwright/test";
import type { ParsedMail } from "mailparser";

import { signInAsAdmin } from "@/e2e/support/admin";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { freshClientAddress } from "@/e2e/support/client-address";
import { mailboxForTheseTests } from "@/e2e/support/mailbox";
import { signUpWithProof } from "@/e2e/support/signup";
import { openMoreFilters } from "@/e2e/support/waitlist-list";
import { E2E_ADMIN } from "@/playwright.config";
import { linksIn } from "@/test/smtp";

// The owner talks to the list: three entries tagged from the list, a segment saved from the tag filter and a
// business type, a test to themself, then a broadcast through the outbox to a real SMTP server.
const run = Date.now().toString(36);
const mailbox = mailboxForTheseTests();
const tag = `bcast${run}`;
// The spec files share one database: the tag, like every name here, carries this run's token.
const london = `london ${run}`;
const address = (who: string) => `${who}.${run}@example.com`;
const nameOf = (who: string) => `${tag} ${who}`;

async function joinAndConfirm(request: APIRequestContext, who: string, businessType: string) {
  const response = await signUpWithProof(request, {
    name: nameOf(who),
    email: address(who),
    businessType,
    employees: "2-5",
    agreedToTerms: true,
  });
  expect(response.status()).toBe(201);
  const mail = await mailbox.mailTo(address(who), { subject: "Confirm your place" });
  const link = linksIn(mail).find((candidate) => candidate.includes("/waitlist/confirm?token="))!;
  const token = new URL(link).searchParams.get("token")!;
  const confirmed = await request.post(`/api/waitlist/confirm?token=${encodeURIComponent(token)}`);
  expect(confirmed.status()).toBe(200);
}

const broadcastsTo = (who: string, subject: string) =>
  mailbox.to(address(who)).filter((mail: ParsedMail) => mail.subject === subject);

test.describe("broadcasts", () => {
  test("an owner tags three entries, saves a segment of the tag and a type, sends a test, then a broadcast that only its confirmed members get, once; one leaves with one click and the next broadcast skips them", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // Two confirmed cleaners and a confirmed tutor (whom the owner tags), one cleaner who never confirmed, one
    // held for review (tagged too, so the audience's exclusions show), and a confirmed cleaner never tagged.
    await joinAndConfirm(page.request, "ann", "cleaning");
    await joinAndConfirm(page.request, "bo", "cleaning");
    await joinAndConfirm(page.request, "ed", "tutoring");
    await joinAndConfirm(page.request, "fay", "cleaning");
    for (const [who, proof] of [
      ["cy", true],
      ["di", false],
    ] as const) {
      const data = {
        name: nameOf(who),
        email: address(who),
        businessType: "cleaning",
        employees: "2-5",
        agreedToTerms: true,
      };
      const response = proof
        ? await signUpWithProof(page.request, data)
        : await page.request.post("/api/waitlist", { headers: { "X-Forwarded-For": freshClientAddress() }, data });
      expect(response.status()).toBe(201);
    }

    await signInAsAdmin(page.request);
    // Three entries ticked on the list and tagged through its "Tag…" dialog.
    await page.goto(`/admin?q=${tag}&sort=name_asc`);
    await expect(page.locator("table tbody tr")).toHaveCount(6);
    for (const who of ["ann", "bo", "ed"]) {
      const box = page.getByRole("checkbox", { name: `Select ${nameOf(who)}` });
      // The boxes work once the page's scripts run.
      await expect(box).toBeEnabled();
      await box.check();
    }
    await expect(page.getByText("3 selected on this page.")).toBeVisible();
    await page.getByRole("button", { name: "Tag…" }).click();
    const tagDialog = page.getByRole("dialog", { name: "Tag the selected entries" });
    await tagDialog.getByLabel("Tags").fill(london);
    await page.keyboard.press("Enter");
    await expect(page.getByText("Tagged 3 entries")).toBeVisible();
    await expect(tagDialog).toBeHidden();
    // The one who never confirmed and the one held carry the tag too, through the admin API.
    const listed = (await (await page.request.get(`/api/admin/waitlist?q=${tag}`)).json()) as {
      entries: { id: number; email: string }[];
    };
    const ids = listed.entries.filter((entry) => [address("cy"), address("di")].includes(entry.email)).map((e) => e.id);
    expect(ids).toHaveLength(2);
    const tagged = await page.request.post("/api/admin/waitlist/tags", { data: { ids, add: [london] } });
    expect(tagged.status()).toBe(200);

    // The list filtered by the tag and the type, saved as a segment.
    await page.goto("/admin?type=cleaning");
    await openMoreFilters(page);
    await page.getByLabel("Any of these tags").fill(london);
    await page.getByLabel("Any of these tags").press("Enter");
    await expect(page).toHaveURL(/[?&]tags=london/);
    await expect(page).toHaveURL(/[?&]type=cleaning/);
    // Ann, Bo, Cy and Di: not Ed (a tutor), not Fay (no tag).
    await expect(page.locator("table tbody tr")).toHaveCount(4);
    const segmentName = `Cleaners in London ${run}`;
    await page.getByLabel("Save these filters as a segment").fill(segmentName);
    await page.getByRole("button", { name: "Save segment" }).click();
    await expect(
      page.getByRole("navigation", { name: "Segments" }).getByRole("link", { name: segmentName }),
    ).toBeVisible();

    await page.goto("/admin/broadcasts");
    await expect(page.getByRole("heading", { level: 1, name: "Broadcasts" })).toBeVisible();
    const subject = `Launch news ${run}`;
    // Written from the keyboard alone.
    await page.getByLabel("Subject").focus();
    await page.keyboard.type(subject);
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Message")).toBeFocused();
    await page.keyboard.type("# We launch next week\n\nHello **there**: <b>no HTML</b>.\n\n- Quotes\n- Invoices");
    await page.getByLabel("Audience (a segment)").selectOption({ label: segmentName });
    await expect(page.getByText("This goes to 2 people.")).toBeVisible();
    await expect(page.getByText(/1 held for review, 0 who left before, 1 not confirmed/)).toBeVisible();
    await expect(page.locator('iframe[title="The email on a phone"]')).toHaveAttribute("width", "375");
    await expect(page.locator('iframe[title="The email on a laptop"]')).toHaveAttribute("width", "1024");
    await expect(
      page.frameLocator('iframe[title="The email on a phone"]').getByRole("heading", { name: "We launch next week" }),
    ).toBeVisible();
    await expect(page.frameLocator('iframe[title="The email on a phone"]').getByText("<b>no HTML</b>")).toBeVisible();
    await expectNoAxeViolations(page, { exclude: 'iframe[sandbox=""]' });

    await page.getByRole("button", { name: "Send me a test" }).focus();
    await page.keyboard.press("Enter");
    const testMail = await mailbox.mailTo(E2E_ADMIN.email, { subject: `[Test] ${subject}` });
    expect(testMail.html).toContain("<strong>there</strong>");
    expect(testMail.html).toContain("&lt;b&gt;no HTML&lt;/b&gt;");

    await page.getByRole("button", { name: "Send broadcast" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("goes to 2 people");
    await dialog.getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.getByRole("link", { name: subject })).toBeVisible();

    const ann = await mailbox.mailTo(address("ann"), { subject });
    await mailbox.mailTo(address("bo"), { subject });
    await page.getByRole("link", { name: subject }).click();
    await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
    const count = (label: string) => page.locator(`[data-count="${label}"] dd`);
    await expect(async () => {
      await page.reload();
      await expect(count("Sent")).toHaveText("2", { timeout: 1_000 });
      await expect(page.getByText("Sent", { exact: true }).first()).toBeVisible();
    }).toPass({ timeout: 30_000 });
    await expect(count("Queued")).toHaveText("2");
    // Only the segment's confirmed members, once each.
    expect(broadcastsTo("ann", subject)).toHaveLength(1);
    expect(broadcastsTo("bo", subject)).toHaveLength(1);
    for (const who of ["cy", "di", "ed", "fay"]) expect(broadcastsTo(who, subject)).toHaveLength(0);

    // Ann leaves through the header's one-click link, as a mail client does it.
    const header = ann.headerLines.find((line) => line.key === "list-unsubscribe")!.line;
    const leaveUrl = /<([^>]+)>/.exec(header)![1]!;
    expect(linksIn(ann)).toContain(leaveUrl);
    expect(ann.headerLines.find((line) => line.key === "list-unsubscribe-post")!.line).toContain("One-Click");
    const left = await page.request.post(leaveUrl, { form: { "List-Unsubscribe": "One-Click" } });
    expect(left.status()).toBe(200);
    await page.reload();
    await expect(count("Left after this email")).toHaveText("1");
    await expect(count("Sent")).toHaveText("2");
    await expectNoAxeViolations(page);

    // A second broadcast to the same segment skips her.
    const segments = (await (await page.request.get("/api/admin/segments")).json()) as {
      segments: { id: number; name: string }[];
    };
    const segmentId = segments.segments.find((segment) => segment.name === segmentName)!.id;
    const second = `Second news ${run}`;
    const sent = await page.request.post("/api/admin/broadcasts", {
      data: { subject: second, body: "Still on for next week.", segmentId },
    });
    expect(sent.status()).toBe(201);
    await mailbox.mailTo(address("bo"), { subject: second });
    await expect.poll(() => broadcastsTo("bo", second).length).toBe(1);
    expect(broadcastsTo("ann", second)).toHaveLength(0);
  });
});
