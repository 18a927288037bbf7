import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { devices, expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import Papa from "papaparse";

import { signInAsAdmin } from "@/e2e/support/admin";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { freshClientAddress } from "@/e2e/support/client-address";
import { signUpWithProof } from "@/e2e/support/signup";
import { listCell, openMoreFilters } from "@/e2e/support/waitlist-list";

// Where sources meet the other features: personal links, signups that send no visit beacon, and imports.
// Spec files share one server and database: what each test counts is its own (a source or addresses unique to
// the run), or read before and after.
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** A visitor's own browser (desktop Chrome, as a person's), from an address of its own. */
async function visitor(browser: Browser) {
  const context = await browser.newContext({ userAgent: devices["Desktop Chrome"].userAgent });
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": freshClientAddress() });
  return { context, page: await context.newPage() };
}

/** Opens the landing page at `url` and waits for its visit beacon's answer. */
async function land(page: Page, url: string) {
  const beacon = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/visit");
  await page.goto(url);
  expect((await beacon).status()).toBe(204);
}

/** Signs up through the landing page's form, as a person does. */
async function signUpInForm(page: Page, name: string, email: string) {
  const section = page.locator("section#join-waitlist");
  await section.scrollIntoViewIfNeeded();
  await section.locator("form[data-enhanced]").waitFor();
  await section.getByLabel("Your Name").fill(name);
  await section.getByLabel("Business Email").fill(email);
  await section.getByRole("combobox", { name: "Business Type" }).click();
  await page.getByRole("option", { name: "Cleaning" }).click();
  await section.getByRole("combobox", { name: "Number of Employees" }).click();
  await page.getByRole("option", { name: "Just me" }).click();
  await section.getByRole("checkbox", { name: /I agree/ }).click();
  await section.getByRole("button", { name: "Join the Waiting List" }).click();
  await expect(section.getByRole("heading", { level: 3, name: "You're on the list!" })).toBeVisible();
}

/** The export's records matching a search, by header name. */
async function exported(request: APIRequestContext, q: string): Promise<Record<string, string>[]> {
  const response = await request.get(`/api/admin/waitlist/export?q=${encodeURIComponent(q)}`);
  expect(response.status()).toBe(200);
  return Papa.parse<Record<string, string>>(await response.text(), { header: true, skipEmptyLines: true }).data;
}

const visitorsTable = (page: Page) =>
  page.getByRole("region", { name: "Visitors and signups by source" }).getByRole("table");

/** A source's visitors and signups in the overview's table for the last 7 days (zeros when it has no row). */
async function sourceFigures(page: Page, source: string) {
  await page.goto("/admin/overview?range=7");
  const row = visitorsTable(page).locator(`tr[data-source="${source}"]`);
  if ((await row.count()) === 0) return { visitors: 0, signups: 0 };
  const cells = await row.getByRole("cell").allTextContents();
  const figure = (text: string | undefined) => Number((text ?? "0").replaceAll(",", ""));
  return { visitors: figure(cells[0]), signups: figure(cells[1]) };
}

/** Every percentage the overview's visitor widgets show. */
async function percentages(page: Page): Promise<number[]> {
  // Cell by cell and line by line, so no figure runs into the next.
  const texts = [
    ...(await visitorsTable(page).locator("td").allTextContents()),
    ...(await page.getByTestId("funnel").locator("li > span").allTextContents()),
  ];
  return texts.flatMap((text) =>
    [...text.matchAll(/(?<![\d.,])([\d,]+(?:\.\d+)?)%/g)].map((match) => Number(match[1]!.replaceAll(",", ""))),
  );
}

test.describe("sources where features meet", () => {
  test("a visit through a personal link, and its signup, count as 'referral' in By source, the visitors table and the list; with a utm_source, under that", async ({
    browser,
    page,
  }) => {
    test.setTimeout(180_000);
    await signInAsAdmin(page.request);
    const sharerName = `Sam Sharer ${run}`;
    const sharerEmail = `sharer.${run}@example.org`;
    const joined = await signUpWithProof(page.request, {
      name: sharerName,
      email: sharerEmail,
      businessType: "cleaning",
      employees: "1",
      agreedToTerms: true,
    });
    expect(joined.status()).toBe(201);
    const code = (await exported(page.request, sharerEmail))[0]!["Referral code"]!;
    expect(code).toMatch(/^[23456789abcdefghjkmnpqrstuvwxyz]{8}$/);
    const before = await sourceFigures(page, "referral");

    const friend = `fran.${run}@example.org`;
    const one = await visitor(browser);
    await land(one.page, `/?ref=${code}`);
    await signUpInForm(one.page, `Fran Friend ${run}`, friend);
    await one.context.close();
    // Through the same link, but with a utm_source: that source wins.
    const fair = `fair${run}`;
    const fairFriend = `faye.${run}@example.org`;
    const two = await visitor(browser);
    await land(two.page, `/?ref=${code}&utm_source=${fair}`);
    await signUpInForm(two.page, `Faye Friend ${run}`, fairFriend);
    await two.context.close();

    // The visitors table: one more visitor and signup under "referral", and the fair's own row.
    expect(await sourceFigures(page, "referral")).toEqual({
      visitors: before.visitors + 1,
      signups: before.signups + 1,
    });
    const referralRow = visitorsTable(page).locator('tr[data-source="referral"]');
    await expect(referralRow.getByRole("rowheader")).toHaveText("referral");
    await expect(visitorsTable(page).locator(`tr[data-source="${fair}"]`).getByRole("cell")).toHaveText([
      "1",
      "1",
      "100%",
      "0%",
    ]);
    // By source, beside the others.
    const bySource = page.getByRole("region", { name: "By source", exact: true });
    await expect(bySource.getByRole("link", { name: "referral", exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    // The list's Source.
    for (const [email, source] of [
      [friend, "referral"],
      [fairFriend, fair],
    ] as const) {
      await page.goto(`/admin?q=${encodeURIComponent(email)}`);
      await expect(page.locator("table tbody tr")).toHaveCount(1);
      await expect(await listCell(page, page.locator("table tbody tr"), "Source")).toHaveText(source);
    }
  });

  test("the list's 'Referred by' filter takes the referrer's code, email or name, shows its hint, and says what it cannot use", async ({
    page,
  }) => {
    await signInAsAdmin(page.request);
    const sharerName = `Rita Referrer ${run}`;
    const sharerEmail = `rita.${run}@example.org`;
    const data = { businessType: "cleaning", employees: "1", agreedToTerms: true };
    expect((await signUpWithProof(page.request, { ...data, name: sharerName, email: sharerEmail })).status()).toBe(201);
    const code = (await exported(page.request, sharerEmail))[0]!["Referral code"]!;
    for (const friend of ["ola", "pia"]) {
      const response = await signUpWithProof(page.request, {
        ...data,
        name: `${friend} ${run}`,
        email: `${friend}.${run}@example.org`,
        ref: code,
      });
      expect(response.status()).toBe(201);
    }

    await page.goto("/admin");
    await openMoreFilters(page);
    const field = page.getByRole("textbox", { name: "Referred by" });
    // The hint is on screen, not for screen readers only.
    await expect(
      page.getByText("The referrer's link code (8 characters after ?ref=), email or full name"),
    ).toBeVisible();
    const rows = page.locator("table tbody tr");
    for (const value of [sharerEmail.toUpperCase(), sharerName, code]) {
      await field.fill(value);
      await field.press("Enter");
      await expect.poll(() => new URL(page.url()).searchParams.get("referred-by")).toBe(value.toLowerCase());
      await expect(rows).toHaveCount(2);
      await expect(rows.filter({ hasText: `ola.${run}@example.org` })).toHaveCount(1);
      await expect(rows.filter({ hasText: `pia.${run}@example.org` })).toHaveCount(1);
    }
    const applied = page.url();
    // Too short to name anyone: said beside the field, and the list stays as it was rather than showing everyone.
    await field.fill("x");
    await field.press("Enter");
    await expect(page.getByText("Enter the referrer's link code, email address or full name.")).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    expect(page.url()).toBe(applied);
    await expect(rows).toHaveCount(2);
    await expectNoAxeViolations(page);
    // The same from an address (a bookmark, a hand-edited link): the value is left out, and the page says so.
    await page.goto("/admin?referred-by=x");
    await expect(page.getByText("Enter the referrer's link code, email address or full name.")).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
  });

  test("signups that sent no visit beacon are counted apart: no conversion reads above 100%", async ({
    browser,
    page,
  }) => {
    test.setTimeout(120_000);
    const source = `api${run}`;
    // One person's visit from the link, counted by the beacon; they do not sign up.
    const one = await visitor(browser);
    await land(one.page, `/?utm_source=${source}`);
    await one.context.close();
    // Three signups from the same link through the API: no page, no beacon.
    for (const name of ["Una", "Vic", "Wes"]) {
      const response = await signUpWithProof(page.request, {
        name: `${name} ${run}`,
        email: `${name.toLowerCase()}.${run}@example.org`,
        businessType: "cleaning",
        employees: "1",
        agreedToTerms: true,
        source: { utmSource: source },
      });
      expect(response.status()).toBe(201);
    }

    await signInAsAdmin(page.request);
    await page.goto("/admin/overview?range=7");
    const cells = visitorsTable(page).locator(`tr[data-source="${source}"]`).getByRole("cell");
    await expect(cells.nth(0)).toHaveText("1");
    await expect(cells.nth(1)).toHaveText("3");
    await expect(cells.nth(2)).toContainText("0%");
    await expect(cells.nth(2)).toContainText("3 signups without a counted visit");
    const signedUp = page.getByTestId("funnel").getByRole("listitem").nth(1);
    await expect(signedUp).toContainText(/signups? without a counted visit/);
    expect((await percentages(page)).filter((share) => share > 100)).toEqual([]);
    await expectNoAxeViolations(page);
  });

  test("an import without source or team size columns shows 'import' and 'Not given' in By source, the chart, the list, its filter and the CSV; the preview marks who is already on the list", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page.request);
    const here = `here.${run}@example.org`;
    const data = { businessType: "cleaning", employees: "1", agreedToTerms: true };
    expect((await signUpWithProof(page.request, { ...data, name: `Hal Here ${run}`, email: here })).status()).toBe(201);
    const file = path.join(os.tmpdir(), `no-source-${run}.csv`);
    writeFileSync(
      file,
      [
        "Email,Name",
        `${here},Hal Here`,
        `imp1.${run}@example.org,Ida Import`,
        `imp2.${run}@example.org,Ian Import`,
      ].join("\r\n") + "\r\n",
    );

    await page.goto("/admin/import");
    await page.getByLabel("CSV file").setInputFiles(file);
    const preview = page.getByRole("region", { name: "The first rows as they will be stored" });
    await expect(preview.locator("tbody tr")).toHaveCount(3);
    // Before any check: the row of someone already on the list says so; the others will be "Not given", "import".
    await expect(preview.locator("tbody tr").nth(0)).toContainText("Already on the list");
    await expect(preview.getByTestId("already-on-list")).toHaveCount(1);
    await expect(preview.locator("tbody tr").nth(1)).toContainText("Not given");
    await expect(preview.locator("tbody tr").nth(1)).toContainText("import");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: /Check the file/ }).click();
    await expect(page.getByTestId("dry-run-counts")).toContainText("2 new");
    await page.getByRole("checkbox", { name: "These people agreed to hear from us" }).check();
    await page.getByRole("button", { name: "Import 2 new people" }).click();
    await expect(page.getByTestId("import-result")).toContainText("2 added", { timeout: 60_000 });

    await page.goto("/admin/overview?range=7");
    await expect(
      page.getByRole("region", { name: "By source", exact: true }).getByRole("link", { name: "import", exact: true }),
    ).toBeVisible();
    await expect(
      page
        .getByRole("region", { name: "By team size", exact: true })
        .getByRole("link", { name: "Not given", exact: true }),
    ).toBeVisible();

    // The list, filtered by the team size "Not given" from its own control.
    await page.goto(`/admin?q=${encodeURIComponent(`.${run}@example.org`)}`);
    await openMoreFilters(page);
    await page.getByRole("combobox", { name: "Team size" }).selectOption({ label: "Not given" });
    await expect(page).toHaveURL(/size=not-given/);
    const rows = page.locator("table tbody tr");
    await expect(rows).toHaveCount(2);
    for (const index of [0, 1]) {
      await expect(await listCell(page, rows.nth(index), "Source")).toHaveText("import");
      await expect(rows.nth(index)).toContainText("Not given");
    }
    await expectNoAxeViolations(page);

    const records = await exported(page.request, `.${run}@example.org`);
    const sizes = Object.fromEntries(records.map((record) => [record["Email"], record["Team Size"]]));
    expect(sizes[`imp1.${run}@example.org`]).toBe("Not given");
    expect(sizes[`imp2.${run}@example.org`]).toBe("Not given");
    expect(sizes[here]).toBe("Just me");
  });
});
