import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";

import { signInAsAdmin } from "@/e2e/support/admin";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { freshClientAddress } from "@/e2e/support/client-address";
import { solvedProof } from "@/e2e/support/signup";
import { OWNERS_CSV_HEADER } from "@/test/waitlist-csv-header";

// The spec files share one database: every entry here carries this run's token, and the tests search for it.
const token = `qk${Date.now().toString(36)}`;
const BUSINESS_TYPES = [
  ["trades", "Trades (plumbing, electrical, building)"],
  ["cleaning", "Cleaning"],
  ["car", "Car valeting & detailing"],
  ["therapy", "Therapy & counselling"],
] as const;
const TEAM_SIZES = [
  ["1", "Just me"],
  ["2-5", "2-5"],
  ["6-10", "6-10"],
  ["11+", "11+"],
] as const;
const COUNT = 55;
const HOSTILE_NAME = `=SUM(1+1) ${token}`;

const nameOf = (index: number) =>
  index === COUNT - 1 ? HOSTILE_NAME : `Quokka ${token} ${String(index).padStart(2, "0")}`;

// The browser shows dates in its own time zone; pin it so the test can format the CSV's ISO dates the same way.
test.use({ timezoneId: "UTC", acceptDownloads: true });
const longDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });

test.beforeAll(async ({ request }) => {
  for (let index = 0; index < COUNT; index++) {
    const response = await request.post("/api/waitlist", {
      // A fresh address per signup keeps clear of the per-IP signup limit.
      headers: { "X-Forwarded-For": freshClientAddress(), "Content-Type": "application/json" },
      data: {
        name: nameOf(index),
        email: `quokka-${token}-${index}@example.com`,
        businessType: BUSINESS_TYPES[index % BUSINESS_TYPES.length]![0],
        employees: TEAM_SIZES[index % TEAM_SIZES.length]![0],
        agreedToTerms: true,
        altcha: await solvedProof(request),
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
});

type Row = [
  name: string,
  email: string,
  businessType: string,
  teamSize: string,
  source: string,
  joined: string,
  confirmed: string,
  status: string,
];

/** The table's rows, each as the Row's columns, read by their headings (the table's columns may move). */
async function tableRows(page: Page): Promise<Row[]> {
  const headings = ["Name", "Email", "Business Type", "Team Size", "Source", "Joined", "Confirmed", "Status"];
  const columns = await page
    .locator("table thead th")
    .evaluateAll((ths, names) => names.map((name) => ths.findIndex((th) => th.textContent?.trim() === name)), headings);
  expect(columns).not.toContain(-1);
  return page.locator("table tbody tr").evaluateAll(
    (trs, indexes) =>
      trs.map((tr) => {
        // A cell showing a short label (a business type's "Trades") holds the whole one in its title, as the CSV does.
        const cells = Array.from(
          tr.querySelectorAll("td"),
          (td) => td.querySelector("[title]")?.getAttribute("title") ?? td.textContent?.trim() ?? "",
        );
        return indexes.map((index) => cells[index]!) as unknown as Row;
      }),
    columns,
  );
}

const searchBox = (page: Page) => page.getByPlaceholder("Search by name, email, or business type...");
const summary = (page: Page) => page.getByRole("status").filter({ hasText: /^Showing/ });

test.describe("admin waitlist", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page.request);
  });

  test("an admin searches, pages, sorts and downloads the CSV; the file's rows match the table", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Waitlist Entries", level: 1 })).toBeVisible();
    await expect(page.locator("table tbody tr").first()).toBeVisible();

    await searchBox(page).fill(token.toUpperCase());
    await expect(page).toHaveURL(new RegExp(`[?&]q=${token.toUpperCase()}`));
    await expect(summary(page)).toHaveText(`Showing 1–50 of ${COUNT} matching entries`);
    await expect(page.locator("table tbody tr")).toHaveCount(50);
    const firstPage = await tableRows(page);
    // Newest first: the last signup heads the list.
    expect(firstPage[0]![0]).toBe(HOSTILE_NAME);
    expect(firstPage[0]![2]).toBe(BUSINESS_TYPES[(COUNT - 1) % 4]![1]);

    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(summary(page)).toHaveText(`Showing 51–${COUNT} of ${COUNT} matching entries`);
    await expect(page.locator("table tbody tr")).toHaveCount(COUNT - 50);
    await expect(page.getByText("Page 2 of 2")).toBeVisible();

    // The search and the page survive a reload (they live in the URL).
    await page.reload();
    await expect(searchBox(page)).toHaveValue(token.toUpperCase());
    await expect(summary(page)).toHaveText(`Showing 51–${COUNT} of ${COUNT} matching entries`);
    const secondPage = await tableRows(page);

    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export as CSV" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe("waitlist_entries.csv");
    await expect(page.getByText("Export successful")).toBeVisible();
    await expect(page.getByText("Waitlist data has been exported as CSV.")).toBeVisible();

    // Read by header name; the header keeps the columns owners' spreadsheets know, in their order.
    const csv = parse(await readFile((await download.path())!, "utf8"), { bom: true, columns: true }) as Record<
      string,
      string
    >[];
    expect(Object.keys(csv[0]!)).toEqual(expect.arrayContaining([...OWNERS_CSV_HEADER]));
    expect(new Set(csv.map((record) => record.Status))).toEqual(new Set(["waiting"]));
    const fileRows = csv.map((record): Row => [
      // The export neutralises formulas with a leading quote; the table shows the name as typed.
      record.Name!.startsWith("'=") ? record.Name!.slice(1) : record.Name!,
      record.Email!,
      record["Business Type"]!,
      record["Team Size"]!,
      // The source is the utm_source, else the referring site, else direct.
      record.Source || record.Referrer || "Direct",
      longDate.format(new Date(record.Joined!)),
      // None of these signups opened their confirmation link.
      record.Confirmed ? "Confirmed" : "Not yet",
      record.Status === "waiting" ? "Waiting" : record.Status!,
    ]);
    expect(csv[0]!.Name).toBe(`'${HOSTILE_NAME}`);
    expect(fileRows).toEqual([...firstPage, ...secondPage]);

    // Sorting by name, A to Z, goes back to the first page.
    await page.getByRole("link", { name: /^Name: sort A to Z/ }).click();
    await expect(page).toHaveURL(/sort=name_asc/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(page.getByRole("columnheader", { name: /^Name/ })).toHaveAttribute("aria-sort", "ascending");
    await expect(summary(page)).toHaveText(`Showing 1–50 of ${COUNT} matching entries`);
    // Where "=" sorts depends on the database's collation; the Quokkas come in order either way.
    const quokkas = (await tableRows(page)).map((row) => row[0]).filter((name) => name.startsWith("Quokka"));
    expect(quokkas).toEqual(Array.from({ length: quokkas.length }, (_, index) => nameOf(index)));
    expect(quokkas.length).toBeGreaterThanOrEqual(49);
  });

  test("the list is rendered on the server: its rows are in the first HTML response, no client fetch needed", async ({
    page,
  }) => {
    const apiCalls: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/admin/")) apiCalls.push(request.url());
    });
    const response = await page.request.get(`/admin?q=${token}&sort=name_asc`);
    expect(response.status()).toBe(200);
    // An address carries <wbr> hints where it may wrap (after its @, before its dots): read it without them.
    const html = (await response.text()).replaceAll("<wbr/>", "");
    expect(html).toContain(nameOf(0));
    expect(html).toContain(`quokka-${token}-0@example.com`);
    expect(html).toContain(`Showing 1–50 of ${COUNT} matching entries`);

    // In the browser too, the rows show without any call to the admin API.
    await page.goto(`/admin?q=${token}&sort=name_asc`);
    await expect(page.locator("table tbody tr")).toHaveCount(50);
    expect(apiCalls).toEqual([]);
  });

  test("a list page of 25 entries is at most 150 KB of HTML, rows and the data React hydrates them from included", async ({
    page,
  }) => {
    // This run's 55 entries make a page of 50 rows and one of 5 (same search, same order): the difference is what
    // 45 rows weigh, and a page of 25 is the page of 5 and 20 rows more.
    const bytes = async (path: string) => {
      const response = await page.request.get(path);
      expect(response.status()).toBe(200);
      return Buffer.byteLength(await response.text());
    };
    const fifty = await bytes(`/admin?q=${token}&sort=name_asc`);
    const five = await bytes(`/admin?q=${token}&sort=name_asc&page=2`);
    const perRow = (fifty - five) / 45;
    const twentyFive = five + 20 * perRow;
    expect(perRow).toBeGreaterThan(0);
    console.log(`[page weight] a list page of 25 entries: ${Math.round(twentyFive / 1024)} KB of HTML`);
    expect(twentyFive, `a page of 25 entries: ${Math.round(twentyFive / 1024)} KB`).toBeLessThanOrEqual(150 * 1024);
  });

  test("an entry's page tells its story, and deleting it after naming the person removes it from the list, the export and the count", async ({
    page,
  }) => {
    // Not one of the "0x" entries the wildcard test counts.
    const name = nameOf(20);
    await page.goto(`/admin?q=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByTestId("timeline-event").first()).toContainText("Signed up");
    await expectNoAxeViolations(page);
    const before = Number((await (await page.request.get(`/api/waitlist/count?fresh=${Date.now()}`)).json()).count);

    await page.getByRole("button", { name: "Delete this entry" }).click();
    const dialog = page.getByRole("alertdialog", { name: `Delete ${name}?` });
    await expect(dialog).toContainText(`quokka-${token}-20@example.com`);
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText("Entry deleted")).toBeVisible();

    const listed = await (await page.request.get(`/api/admin/waitlist?q=${encodeURIComponent(name)}`)).json();
    expect(listed.total).toBe(0);
    const exported = await (await page.request.get(`/api/admin/waitlist/export?q=${token}`)).text();
    expect(exported).not.toContain(`quokka-${token}-20@example.com`);
    await expect
      .poll(async () =>
        Number((await (await page.request.get(`/api/waitlist/count?fresh=${Date.now()}`)).json()).count),
      )
      .toBe(before - 1);
  });

  test("rows are chosen one by one, a page at a time or every matching entry, by keyboard too; nothing is sent until confirmed", async ({
    page,
  }) => {
    await page.goto(`/admin?q=${token}`);
    const total = Number(/of (\d+) matching/.exec((await summary(page).textContent()) ?? "")?.[1]);
    expect(total).toBeGreaterThan(50);
    const pageBox = page.getByRole("checkbox", { name: "Select every entry on this page" });
    const rowBoxes = page.locator("tbody").getByRole("checkbox");
    await expect(rowBoxes).toHaveCount(50);
    // The boxes arrive in the server's HTML, disabled until the page's scripts take over.
    await expect(pageBox).toBeEnabled();
    await pageBox.focus();
    await page.keyboard.press("Space");
    await expect(page.getByText("50 selected on this page.")).toBeVisible();
    await rowBoxes.first().focus();
    await page.keyboard.press("Space");
    await expect(page.getByText("49 selected on this page.")).toBeVisible();
    await expect(pageBox).toHaveAttribute("aria-checked", "mixed");
    await rowBoxes.first().click();
    await page.getByRole("button", { name: `Select all ${total} matching` }).click();
    await expect(page.getByText(`All ${total} matching entries are selected.`)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Invite selected" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite the selected entries" });
    // None of them confirmed their address: left out unless the team ticks them in.
    await expect(dialog.getByRole("status")).toHaveText(
      "No one to invite while those who never confirmed are left out.",
    );
    await dialog.getByRole("checkbox", { name: `Invite the ${total} who never confirmed too` }).check();
    await expect(dialog.getByRole("status")).toHaveText(
      `${total} people will be invited. Entries already invited or accepted are skipped.`,
    );
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Clear selection" }).click();
    await expect(page.getByText("Tick entries to invite them, or invite the next ones in the queue.")).toBeVisible();
    const listed = await (await page.request.get(`/api/admin/waitlist?q=${token}&status=waiting`)).json();
    expect(listed.total).toBe(total);

    // A new page of the list starts with nothing chosen.
    await rowBoxes.nth(2).click();
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText("Tick entries to invite them")).toBeVisible();
  });

  test("a search with no match says so and cannot be exported", async ({ page }) => {
    await page.goto(`/admin?q=${token}-nobody`);
    await expect(page.getByText("No entries match your search")).toBeVisible();
    await expect(page.getByRole("button", { name: "Export as CSV" })).toBeDisabled();
  });

  test("wildcards in a search match literally", async ({ page }) => {
    await page.goto("/admin");
    await searchBox(page).fill(`${token}%`);
    await expect(page.getByText("No entries match your search")).toBeVisible();
    await searchBox(page).fill(`${token} 0_`);
    await expect(page.getByText("No entries match your search")).toBeVisible();
    await searchBox(page).fill(`${token} 0`);
    await expect(summary(page)).toHaveText("Showing 1–10 of 10 matching entries");
  });

  test("on a 1280-pixel screen all eleven columns show beside the sidebar, with no sideways scrolling", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // Addresses longer than most, so the email column has to wrap to fit.
    await page.goto(`/admin?q=${token}`);
    await expect(summary(page)).toBeVisible();
    const region = page.getByRole("region", { name: "Waitlist entries" });
    const widths = await region.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    await expect(page.getByRole("columnheader", { name: "Referrals" })).toBeInViewport({ ratio: 1 });
    await expect(page.locator("table tbody tr").first().locator("td").last()).toBeInViewport({ ratio: 1 });
  });

  test("the page has no accessibility violations, loaded and empty", async ({ page }) => {
    await page.goto(`/admin?q=${token}`);
    await expect(summary(page)).toBeVisible();
    await expectNoAxeViolations(page);
    await searchBox(page).fill(`${token}-nobody`);
    await expect(page.getByText("No entries match your search")).toBeVisible();
    // The search moves the page to a new address; axe reads it once that navigation has set the title again.
    await expect(page).toHaveTitle(/Waitlist Entries/);
    await expectNoAxeViolations(page);
  });

  test("the API refuses visitors without a session", async ({ playwright, baseURL }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    expect((await anonymous.get("/api/admin/waitlist")).status()).toBe(401);
    expect((await anonymous.get("/api/admin/waitlist/export")).status()).toBe(401);
    await anonymous.dispose();
  });
});
