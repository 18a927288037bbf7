import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { signInAsAdmin } from "@/e2e/support/admin";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { mailboxForTheseTests, recipientOf } from "@/e2e/support/mailbox";
import { signUpWithProof } from "@/e2e/support/signup";
import { linksIn } from "@/test/smtp";

// The spec files share one database: every address here carries this run's token.
const token = `im${Date.now().toString(36)}`;
const address = (index: number) => `imp-${token}-${index}@example.com`;

// A real SMTP server on the port the main server sends to: the signups' confirmations land here, and
// nothing must land for the imported people.
const mailbox = mailboxForTheseTests();

const mailTo = (to: string, timeoutMs?: number) => mailbox.mailTo(to, { timeoutMs });

const publicCount = async (request: APIRequestContext) =>
  Number((await (await request.get(`/api/waitlist/count?fresh=${Date.now()}`)).json()).count);

async function signUp(request: APIRequestContext, email: string) {
  const response = await signUpWithProof(request, {
    name: "Already Here",
    email,
    businessType: "cleaning",
    employees: "1",
    agreedToTerms: true,
  });
  expect(response.status(), await response.text()).toBe(201);
}

// Mailchimp's "subscribed members" export: merge fields first (the list asked for business type and team
// size), then Mailchimp's own columns.
const HEADER = [
  "Email Address",
  "First Name",
  "Last Name",
  "Business Type",
  "Team Size",
  "MEMBER_RATING",
  "OPTIN_TIME",
  "OPTIN_IP",
  "CONFIRM_TIME",
  "CONFIRM_IP",
  "LATITUDE",
  "LONGITUDE",
  "GMTOFF",
  "DSTOFF",
  "TIMEZONE",
  "CC",
  "REGION",
  "LAST_CHANGED",
  "LEID",
  "EUID",
  "NOTES",
  "TAGS",
];
const BUSINESS = ["Cleaning", "Trades", "Beauty", "cleaner", "Car valeting", "Dog grooming"];
const TEAM = ["Just me", "2-5", "2 to 5", "6-10", "11+", "more than 10"];

const mailchimpTime = (time: Date) => time.toISOString().slice(0, 19).replace("T", " ");
const optinAt = (index: number) => new Date(Date.UTC(2024, 0, 1, 8, 0, 0) + index * 86_400_000 + (index % 60) * 60_000);
/** The signup time of row `index`, as Mailchimp writes it: a day apart from early 2024, each at its own minute. */
const optinTime = (index: number) => mailchimpTime(optinAt(index));

const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * 1,000 rows: rows 0-4 are people already on the list, row 5 someone who left, rows 6-8 invalid (no valid
 * address, no name, a team size nobody can read), the rest new. Every even row confirmed an hour after signing up.
 */
function buildCsv(): string {
  const lines = [HEADER.join(",")];
  for (let index = 0; index < 1_000; index += 1) {
    let email = address(index);
    let first = `First${index}`;
    let team = TEAM[index % TEAM.length]!;
    if (index === 6) email = `not-an-address-${token}`;
    if (index === 7) first = "";
    if (index === 8) team = "a few";
    const optin = optinTime(index);
    const confirm = index % 2 === 0 ? mailchimpTime(new Date(optinAt(index).getTime() + 3_600_000)) : "";
    const cells = [
      email,
      first,
      index === 7 ? "" : `Last, ${index}`,
      BUSINESS[index % BUSINESS.length]!,
      team,
      "2",
      optin,
      "",
      confirm,
      "",
      "",
      "",
      "",
      "",
      "",
      "GB",
      "",
      optin,
      String(100_000 + index),
      `e${index}`,
      "",
      "",
    ];
    lines.push(cells.map(csvCell).join(","));
  }
  return lines.join("\r\n") + "\r\n";
}

async function pressOn(page: Page, name: string | RegExp, key = "Enter") {
  const button = page.getByRole("button", { name });
  await button.focus();
  await page.keyboard.press(key);
}

test.describe("importing a list", () => {
  test("a Mailchimp export: mapped automatically, checked, imported by keyboard with its dates; no email, one audit entry", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // Five people already on the list, and one who left through the link in their email.
    for (let index = 0; index <= 5; index += 1) await signUp(page.request, address(index));
    const leaver = await mailTo(address(5));
    const leaveUrl = linksIn(leaver).find((link) => link.includes("/waitlist/leave?token="))!;
    const left = await page.request.post(leaveUrl, { form: { "List-Unsubscribe": "One-Click" } });
    expect(left.status()).toBe(200);

    const file = path.join(os.tmpdir(), `mailchimp-${token}.csv`);
    writeFileSync(file, buildCsv());

    // The file is parsed in a Web Worker made from a blob: URL, which the site's policy allows (worker-src).
    const workers: string[] = [];
    page.on("worker", (worker) => workers.push(worker.url()));
    const refused: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && /Content Security Policy|Refused/i.test(message.text()))
        refused.push(message.text());
    });

    await signInAsAdmin(page.request);
    const before = await publicCount(page.request);
    await page.goto("/admin/import");
    await expect(page.getByRole("heading", { level: 1, name: "Import" })).toBeVisible();
    await expect(page.getByRole("navigation").getByRole("link", { name: "Import" }).first()).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel("CSV file").setInputFiles(file);
    await expect(page.getByText(/: 1,000 rows/)).toBeVisible();
    expect(workers.filter((url) => url.startsWith("blob:"))).not.toEqual([]);
    expect(refused).toEqual([]);
    // Mapped from Mailchimp's header, with nothing to change.
    const mapping = page.getByTestId("mapping");
    await expect(mapping.getByLabel("Email", { exact: true })).toHaveValue("0");
    await expect(mapping.getByLabel("First name")).toHaveValue("1");
    await expect(mapping.getByLabel("Last name")).toHaveValue("2");
    await expect(mapping.getByLabel("Business type")).toHaveValue("3");
    await expect(mapping.getByLabel("Team size")).toHaveValue("4");
    await expect(mapping.getByLabel("Signed up")).toHaveValue("6");
    await expect(mapping.getByLabel("Confirmed")).toHaveValue("8");
    // The preview: 20 rows as they will be stored, the invalid ones saying why.
    const preview = page.getByRole("region", { name: "The first rows as they will be stored" });
    await expect(preview.locator("tbody tr")).toHaveCount(20);
    await expect(preview.locator("tbody tr").nth(10)).toContainText("First10 Last, 10");
    await expect(preview.locator("tbody tr").nth(10)).toContainText("Car valeting & detailing");
    await expect(preview.locator("tbody tr").nth(6)).toContainText("The email address is not valid.");
    await expect(preview.locator("tbody tr").nth(8)).toContainText('The team size "a few"');
    await expectNoAxeViolations(page);

    await pressOn(page, /Check the file/);
    const counts = page.getByTestId("dry-run-counts");
    await expect(counts).toContainText("991 new");
    await expect(counts).toContainText("5 already on the list");
    await expect(counts).toContainText("3 invalid");
    await expect(counts).toContainText("1 suppressed");
    await expectNoAxeViolations(page);

    // The import waits for the statement of consent.
    const importButton = page.getByRole("button", { name: "Import 991 new people" });
    await expect(importButton).toBeDisabled();
    const consent = page.getByRole("checkbox", { name: "These people agreed to hear from us" });
    await consent.focus();
    await page.keyboard.press("Space");
    await expect(consent).toBeChecked();
    await expect(page.getByRole("checkbox", { name: /Send confirmation emails/ })).not.toBeChecked();
    await importButton.focus();
    await page.keyboard.press("Enter");
    const result = page.getByTestId("import-result");
    await expect(result).toContainText("Import finished.", { timeout: 60_000 });
    await expect(result).toContainText("991 added");
    await expect(result).toContainText("5 already on the list");
    await expectNoAxeViolations(page);

    // In the list with their own dates, and counted.
    for (const index of [10, 11, 999]) {
      const response = await page.request.get(`/api/admin/waitlist?q=${encodeURIComponent(address(index))}`);
      const { entries } = (await response.json()) as {
        entries: { email: string; joinedAt: string; confirmedAt: string | null; status: string }[];
      };
      expect(entries).toHaveLength(1);
      expect(entries[0]!.joinedAt).toBe(`${optinTime(index).replace(" ", "T")}.000Z`);
      expect(entries[0]!.confirmedAt === null).toBe(index % 2 === 1);
      expect(entries[0]!.status).toBe("waiting");
    }
    const gone = await page.request.get(`/api/admin/waitlist?q=${encodeURIComponent(address(5))}`);
    expect(((await gone.json()) as { entries: unknown[] }).entries).toHaveLength(0);
    expect(await publicCount(page.request)).toBe(before + 991);
    await page.goto(`/admin?q=${encodeURIComponent(`imp-${token}-10@`)}`);
    await expect(page.locator("table tbody tr")).toHaveCount(1);

    // Nobody imported is emailed.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const imported = new Set(Array.from({ length: 1_000 }, (_, index) => address(index)).slice(9));
    expect(mailbox.messages.filter((mail) => imported.has(recipientOf(mail)))).toEqual([]);

    // One audit entry, with the statement and the counts.
    const audit = await page.request.get("/api/admin/audit?action=waitlist.import");
    expect(audit.status()).toBe(200);
    const entries = ((await audit.json()) as { entries: { details: Record<string, unknown> | null }[] }).entries;
    const ours = entries.filter((entry) => entry.details?.file === path.basename(file));
    expect(ours).toHaveLength(1);
    expect(ours[0]!.details).toMatchObject({
      consent: "These people agreed to hear from us.",
      added: 991,
      existing: 5,
      invalid: 3,
      suppressed: 1,
      sendConfirmations: false,
      stopped: false,
    });
  });
});
