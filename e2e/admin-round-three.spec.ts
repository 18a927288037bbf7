import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { signInAsAdmin } from "@/e2e/support/admin";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { freshClientAddress } from "@/e2e/support/client-address";
import { solvedProof } from "@/e2e/support/signup";

// The admin area as its owner met it in the third round, at laptop and phone widths.
// The spec files share one database: this run's people carry its token, and each test searches for them.
const token = `r3${Date.now().toString(36)}`;
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-admin-r3";
const SHOT_SUFFIX = process.env.SHOT_SUFFIX ?? "after";

const people = Array.from({ length: 25 }, (_, i) => ({
  name: `Person ${String(i).padStart(2, "0")} ${token}`,
  email: `promotional.offers.${i}.${token}@example-longdomain.org`,
  businessType: i % 2 === 0 ? "trades" : "car",
  utmSource: i % 3 === 0 ? "facebook" : "newsletter",
}));

async function signUp(request: APIRequestContext, person: (typeof people)[number]) {
  const response = await request.post("/api/waitlist", {
    headers: { "X-Forwarded-For": freshClientAddress() },
    data: {
      name: person.name,
      email: person.email,
      businessType: person.businessType,
      employees: "2-5",
      agreedToTerms: true,
      source: { utmSource: person.utmSource },
      altcha: await solvedProof(request),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The heights of the texts matched, each as a share of its own line height: 1 for one line, 2 for two. */
async function linesOf(page: Page, selector: string): Promise<{ text: string; lines: number }[]> {
  return page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const lineHeight = parseFloat(getComputedStyle(element).lineHeight) || 20;
      // The text's own box, not its element's (a cell is as tall as its row).
      const range = document.createRange();
      range.selectNodeContents(element);
      return { text: element.textContent ?? "", lines: Math.round(range.getBoundingClientRect().height / lineHeight) };
    }),
  );
}

/** The top and bottom of each of the list's rows, in the page. */
async function rowBoxes(page: Page): Promise<{ top: number; bottom: number }[]> {
  return page.locator("table.waitlist-table tbody tr").evaluateAll((rows) =>
    rows.map((row) => {
      const box = row.getBoundingClientRect();
      return { top: box.top + window.scrollY, bottom: box.bottom + window.scrollY };
    }),
  );
}

async function shot(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: `${SHOTS}/${name}-${SHOT_SUFFIX}.jpg`, type: "jpeg", quality: 60, fullPage });
}

test.use({ timezoneId: "UTC" });

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  for (const person of people) await signUp(request, person);
});

test.describe("the admin area, round three", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page.request);
  });

  for (const width of [1280, 1440]) {
    test(`the list at ${width}: ten rows to a 1280x800 screen, short labels, one-line dates, cut-short addresses`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/admin?q=${token}`);
      await expect(page.locator("table.waitlist-table tbody tr")).toHaveCount(25);
      // Ten rows on the first screen, 800 px tall, below the title, the search and filters and the table's header.
      const rows = await rowBoxes(page);
      expect(rows[9]!.bottom).toBeLessThanOrEqual(800);
      // Beside the sidebar, nothing is pushed out of sight at the right.
      expect(
        await page
          .getByRole("region", { name: "Waitlist entries" })
          .evaluate((region) => region.scrollWidth - region.clientWidth),
      ).toBeLessThanOrEqual(0);
      // Addresses, sources and dates each on one line: no word broken, nothing wrapped.
      for (const selector of [
        "table.waitlist-table [data-email-address]",
        "table.waitlist-table time.joined-time",
        "table.waitlist-table td > [title]",
        'table.waitlist-table td:text-is("facebook"), table.waitlist-table td:text-is("newsletter")',
      ])
        expect((await linesOf(page, selector)).filter(({ lines }) => lines !== 1)).toEqual([]);
      // The business type's short label, the whole one in its title.
      await expect(page.getByTitle("Trades (plumbing, electrical, building)").first()).toHaveText("Trades");
      await expect(page.getByTitle("Car valeting & detailing").first()).toHaveText("Car valeting");
      await expectNoAxeViolations(page);
      if (width !== 1280) return;
      // A cut-short address is shown whole on hover, and on keyboard focus.
      const address = page.locator("table.waitlist-table [data-email-address]").first();
      const whole = async () => address.evaluate((span) => span.scrollWidth <= span.clientWidth + 1);
      expect(await whole()).toBe(false);
      await address.hover();
      expect(await whole()).toBe(true);
      await page.mouse.move(0, 0);
      expect(await whole()).toBe(false);
      await address.focus();
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Tab");
      await expect(address).toBeFocused();
      expect(await whole()).toBe(true);
    });
  }

  test("the less-used filters fold behind 'More filters', open by keyboard, and open by themselves when one is set", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/admin?q=${token}`);
    const more = page.getByRole("button", { name: "More filters" });
    const source = page.getByRole("combobox", { name: "Source" });
    // The common filters show; the rest wait, out of the list's way.
    await expect(page.getByRole("combobox", { name: "Status" })).toBeVisible();
    await expect(more).toHaveAttribute("aria-expanded", "false");
    await expect(source).toBeHidden();
    // By keyboard: from the last common filter to the button, open it, and on into the filters it shows.
    await page.getByRole("combobox", { name: "Confirmed" }).focus();
    await page.keyboard.press("Tab");
    await expect(more).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(more).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("combobox", { name: "Team size" })).toBeFocused();
    await source.fill("faceBOOK");
    await source.press("Enter");
    await expect(page).toHaveURL(/[?&]source=facebook/);
    await expect(page.locator("table.waitlist-table tbody tr")).toHaveCount(9);
    // Opened afresh with one of them set, the panel is open and the button says how many are on.
    await page.goto(`/admin?q=${token}&source=facebook&status=waiting`);
    await expect(page.getByRole("button", { name: /^More filters\W+1 on$/ })).toHaveAttribute("aria-expanded", "true");
    await expect(source).toHaveValue("facebook");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: /^More filters/ }).press("Enter");
    await expect(source).toBeHidden();
    // The way back to the whole list sits on the summary's line.
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("the Emails page and the audit log keep each address on one line at 1280, whole on focus", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const path of ["/admin/emails", "/admin/audit"]) {
      await page.goto(path);
      await expect(page.locator("table [data-email-address]").first()).toBeVisible();
      expect(
        (await linesOf(page, "table [data-email-address]")).filter(({ lines }) => lines !== 1),
        path,
      ).toEqual([]);
    }
  });

  test("the owner chooses the list's columns, kept on their account; the product's own columns always show", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // The e2e admin is every spec's: whatever happens here, they get every column back.
    try {
      await page.goto(`/admin?q=${token}`);
      const headers = page.locator("table.waitlist-table thead th");
      await expect(headers.filter({ hasText: "Source" })).toHaveCount(1);
      await page.getByText("Columns", { exact: true }).click();
      const chooser = page.getByRole("group", { name: "Columns to show" });
      await expect(chooser.getByRole("checkbox", { name: "Email" })).toBeDisabled();
      await expect(chooser.getByRole("checkbox", { name: "Email" })).toBeChecked();
      await chooser.getByRole("checkbox", { name: "Source" }).uncheck();
      await chooser.getByRole("checkbox", { name: "Referrals" }).uncheck();
      await page.getByRole("button", { name: "Save columns" }).click();
      await expect(headers.filter({ hasText: "Source" })).toHaveCount(0);
      // Kept on the server, for this admin: a new page (a new session of the same admin) shows the same.
      await page.reload();
      await expect(page.locator("table.waitlist-table tbody tr")).toHaveCount(25);
      await expect(headers.filter({ hasText: "Source" })).toHaveCount(0);
      await expect(headers.filter({ hasText: "Referrals" })).toHaveCount(0);
      await expect(headers.filter({ hasText: "Status" })).toHaveCount(1);
      expect(await (await page.request.get("/api/admin/list-columns")).json()).toEqual({
        hidden: ["source", "referrals"],
      });
      // Only the columns an admin may hide, checked on the server with the form's schema.
      for (const data of [{ hidden: ["email"] }, { hidden: "source" }, { hidden: ["source"], extra: 1 }]) {
        const refused = await page.request.put("/api/admin/list-columns", { data });
        expect(refused.status(), JSON.stringify(data)).toBe(400);
        expect(((await refused.json()) as { message: string }).message).toBeTruthy();
      }
      // Without a session, nothing.
      const anonymous = await page.context().browser()!.newContext({ baseURL: process.env.E2E_BASE_URL });
      expect((await anonymous.request.get("/api/admin/list-columns")).status()).toBe(401);
      await anonymous.close();
    } finally {
      expect((await page.request.put("/api/admin/list-columns", { data: { hidden: [] } })).status()).toBe(200);
    }
  });

  test("the list on a phone: compact cards of at most 120 px, five or more to an 812 px screen", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/admin?q=${token}`);
    const rows = page.locator("table.waitlist-table tbody tr");
    await expect(rows).toHaveCount(25);
    const boxes = await rowBoxes(page);
    for (const box of boxes) expect(box.bottom - box.top).toBeLessThanOrEqual(120);
    expect(boxes[4]!.bottom - boxes[0]!.top).toBeLessThanOrEqual(812);
    // Name, business, status, place and joined; the address and the rest are on the entry's page.
    const card = rows.first();
    await expect(card.getByRole("link", { name: people[24]!.name })).toBeVisible();
    await expect(card.getByText("Trades", { exact: true })).toBeVisible();
    await expect(card.getByText("Waiting", { exact: true })).toBeVisible();
    await expect(card.locator("time.joined-time")).toBeVisible();
    await expect(card.locator("[data-email-address]")).toBeHidden();
    // Nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
  });

  test("the overview on a phone: nothing scrolls the page sideways, the periods on one row, the chart's last date whole, the visitors table says it scrolls", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/admin/overview");
    const periods = page.getByRole("navigation", { name: "Period" }).getByRole("link");
    await expect(periods).toHaveCount(5);
    const tops = await periods.evaluateAll((links) =>
      links.map((link) => Math.round(link.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size).toBe(1);
    // The chart's last date is inside the chart, not cut at its edge.
    const ticks = page
      .locator("text.recharts-cartesian-axis-tick-value")
      .filter({ hasText: /^\d{1,2} [A-Z][a-z]{2}$/ });
    await expect(ticks.last()).toBeVisible();
    const svg = await page.locator("svg.recharts-surface").first().boundingBox();
    const last = await ticks.last().boundingBox();
    expect(last!.x + last!.width).toBeLessThanOrEqual(svg!.x + svg!.width);
    // The visitors table: wider than the screen, so it scrolls inside its frame, shadowed at the edge with more, and
    // a line says so.
    const visitors = page.getByRole("region", { name: /^Visitors and signups by source/ }).last();
    await expect(visitors).toBeVisible();
    if (await visitors.evaluate((region) => region.scrollWidth > region.clientWidth)) {
      await expect(visitors).toHaveClass(/scroll-cue/);
      await expect(page.getByText("Scroll sideways for conversion and confirmed")).toBeVisible();
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
  });

  test("the overview's words: 'Signups today (UTC)', and the chart's tooltip reads 'Signups: N'", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/admin/overview?range=today");
    await expect(page.getByText(/^Signups today \(UTC\), who they are/)).toBeVisible();
    await page.goto("/admin/overview");
    const bar = page.locator(".recharts-bar-rectangle path").last();
    await expect(bar).toBeVisible();
    await bar.hover();
    await expect(page.locator(".recharts-tooltip-item").first()).toHaveText(/^Signups: \d+$/);
  });

  test("the Add Admin dialog fits a 1280x800 screen, its buttons in sight, also with every field's error shown", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/admin/users");
    await page.getByRole("button", { name: "Add Admin" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Admin User" });
    await expect(dialog).toBeVisible();
    for (const name of ["Create Admin", "Cancel"]) {
      const button = dialog.getByRole("button", { name });
      await expect(button).toBeInViewport({ ratio: 1 });
      expect((await button.boundingBox())!.y + (await button.boundingBox())!.height).toBeLessThanOrEqual(800);
    }
    await dialog.getByRole("button", { name: "Create Admin" }).click();
    await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Create Admin" })).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeInViewport({ ratio: 1 });
    await expectNoAxeViolations(page);
  });

  test("screenshots of the list at 1280, 1440 and 375, and the overview at 375", async ({ page }) => {
    test.skip(!process.env.SHOTS_DIR, "only when asked for screenshots");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/admin?q=${token}`);
    await expect(page.getByText(people[0]!.email).first()).toBeVisible();
    await shot(page, "admin-list-1280");
    await page.setViewportSize({ width: 1440, height: 900 });
    await shot(page, "admin-list-1440");
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/admin?q=${token}`);
    await expect(page.getByText(people[0]!.email).first()).toBeAttached();
    await shot(page, "admin-list-375");
    await page.goto("/admin/overview");
    await page.waitForLoadState("networkidle");
    await shot(page, "admin-overview-375", true);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/admin/users");
    await page.getByRole("button", { name: "Add Admin" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await shot(page, "admin-add-admin-1280");
  });
});
