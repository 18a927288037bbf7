import { mkdirSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";

import { signInAsAdmin } from "@/e2e/support/admin";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { freshClientAddress } from "@/e2e/support/client-address";

// "What kind of business?" for a visitor who chooses Other (the landing page features pet services,
// photography and landscaping, which are not among the options), and the Business Type select's placeholder,
// which was cut to "Select your business ty…" at desktop widths.

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const SHOTS = "/tmp/shots-visitor";
const PLACEHOLDERS = { "Business Type": "Select your business type", "Number of Employees": "Select team size" };

async function openForm(page: Page, options: { scripted: boolean }) {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": freshClientAddress() });
  await page.goto("/#join-waitlist");
  const section = page.locator("section#join-waitlist");
  if (options.scripted) await section.locator("form[data-enhanced]").waitFor();
  return section;
}

/** The Radix trigger's visible text (its value span): how wide it is drawn, and how wide its text is. */
function triggerText(trigger: Locator) {
  return trigger
    .locator(":scope > span")
    .first()
    .evaluate((span) => ({
      text: span.textContent,
      client: span.clientWidth,
      scroll: span.scrollWidth,
    }));
}

/**
 * A native select's chosen text: its width in the select's own font against the room inside the select (its
 * content box less the chevron's padding). A select has no scrollWidth of its text to read.
 */
function nativeSelectText(select: Locator) {
  return select.evaluate((element) => {
    const node = element as HTMLSelectElement;
    const style = getComputedStyle(node);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = node.options[node.selectedIndex]?.text ?? "";
    return {
      text,
      client: node.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
      scroll: Math.ceil(context.measureText(text).width),
    };
  });
}

for (const width of [1280, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("the selects' placeholders show whole in the scripted form", async ({ page }) => {
      const section = await openForm(page, { scripted: true });
      for (const [label, placeholder] of Object.entries(PLACEHOLDERS)) {
        const shown = await triggerText(section.getByRole("combobox", { name: label }));
        expect(shown.text).toBe(placeholder);
        expect(shown.scroll, `${label} at ${width}`).toBeLessThanOrEqual(shown.client);
      }
      mkdirSync(SHOTS, { recursive: true });
      await section.locator("form").screenshot({ path: `${SHOTS}/form-${width}.png` });
    });

    test.describe("without scripts", () => {
      test.use({ javaScriptEnabled: false });

      test("the selects' placeholders show whole in the plain form", async ({ page }) => {
        const section = await openForm(page, { scripted: false });
        for (const [label, placeholder] of Object.entries(PLACEHOLDERS)) {
          const shown = await nativeSelectText(section.getByLabel(label, { exact: true }));
          expect(shown.text).toBe(placeholder);
          expect(shown.scroll, `${label} at ${width}`).toBeLessThanOrEqual(shown.client);
        }
      });
    });
  });
}

test.describe("a visitor whose business is not among the options", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("chooses Other, says what kind of business it is, and the admin sees it on the entry and in the CSV", async ({
    page,
  }) => {
    const email = `other-${run}@example.com`;
    const description = "Dog grooming & walking";
    const section = await openForm(page, { scripted: true });
    const form = section.locator("form[data-enhanced]");
    const kind = form.getByRole("textbox", { name: "What kind of business?" });

    await form.getByLabel("Your Name").fill("Olive Other");
    await form.getByLabel("Business Email").fill(email);
    // Asked only of Other.
    await expect(kind).toHaveCount(0);
    await form.getByRole("combobox", { name: "Business Type" }).click();
    await page.getByRole("option", { name: "Other", exact: true }).click();
    await expect(kind).toBeVisible();
    await expect(kind).toHaveAccessibleDescription(/Optional, if you chose Other/);
    await expectNoAxeViolations(page, { include: "#join-waitlist" });

    // The field takes the longest description the server keeps, and no more.
    await kind.fill("x".repeat(100));
    await kind.press("End");
    await kind.pressSequentially("y");
    await expect(kind).toHaveValue("x".repeat(100));
    await kind.fill(`  ${description}  `);
    // Another type hides it; back to Other, what was typed is still there.
    await form.getByRole("combobox", { name: "Business Type" }).click();
    await page.getByRole("option", { name: "Cleaning", exact: true }).click();
    await expect(kind).toHaveCount(0);
    await form.getByRole("combobox", { name: "Business Type" }).click();
    await page.getByRole("option", { name: "Other", exact: true }).click();
    await expect(kind).toHaveValue(`  ${description}  `);

    await form.getByRole("combobox", { name: "Number of Employees" }).click();
    await page.getByRole("option", { name: "Just me", exact: true }).click();
    await form.getByRole("checkbox", { name: /I agree to receive emails about the product/ }).check();
    mkdirSync(SHOTS, { recursive: true });
    await form.screenshot({ path: `${SHOTS}/form-other-1280.png` });
    await form.getByRole("button", { name: "Join the Waiting List" }).click();
    await expect(section.getByTestId("waitlist-success")).toBeVisible();

    // The admin's list shows it after Other, the entry's page on its own line, and the CSV in its own column.
    await signInAsAdmin(page.request);
    await page.goto(`/admin?q=${encodeURIComponent(email)}`);
    // The list shows the short label, with the visitor's own words in its title (the entry's page has them too).
    await expect(
      page.getByRole("cell", { name: "Other", exact: true }).getByTitle(`Other: ${description}`),
    ).toBeVisible();
    await page.getByRole("link", { name: "Olive Other" }).click();
    const details = page.locator("dl");
    await expect(details).toContainText(`Business typeOther`);
    await expect(details).toContainText(`What kind of business${description}`);
    await page.screenshot({ path: `${SHOTS}/admin-entry-other.png` });

    // Read by header name: the export's columns may move.
    const csv = parse(
      await (await page.request.get(`/api/admin/waitlist/export?q=${encodeURIComponent(email)}`)).text(),
      { bom: true, columns: true },
    ) as Record<string, string>[];
    expect(csv).toEqual([
      expect.objectContaining({
        Name: "Olive Other",
        Email: email,
        "Business Type": "Other",
        "Business description": description,
        "Team Size": "Just me",
      }),
    ]);
  });

  test("the plain form with Other chosen passes axe (scripts blocked, so the plain form stays)", async ({
    browser,
  }) => {
    // axe is a script itself: the site's own script files fail to load instead, which leaves the server's HTML.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      await context.route(/\/_next\/static\/.*\.js(\?|$)/, (route) => route.abort());
      const page = await context.newPage();
      const section = await openForm(page, { scripted: false });
      await section.getByLabel("Business Type", { exact: true }).selectOption("other");
      await expect(section.getByLabel("What kind of business?")).toBeVisible();
      expect(await section.locator("form[data-enhanced]").count()).toBe(0);
      await expectNoAxeViolations(page, { include: "#join-waitlist" });
    } finally {
      await context.close();
    }
  });

  test.describe("without scripts", () => {
    test.use({ javaScriptEnabled: false });

    test("the plain form shows the field once Other is chosen, and posts it", async ({ page }) => {
      const email = `other-plain-${run}@example.com`;
      const section = await openForm(page, { scripted: false });
      const form = section.locator("form");
      const kind = form.getByLabel("What kind of business?");
      await form.getByLabel("Your Name").fill("Pat Plain");
      await form.getByLabel("Business Email").fill(email);
      await expect(kind).toBeHidden();
      await form.getByLabel("Business Type", { exact: true }).selectOption("other");
      await expect(kind).toBeVisible();
      await kind.fill("Wedding photography");
      await form.getByLabel("Business Type", { exact: true }).selectOption("cleaning");
      await expect(kind).toBeHidden();
      await form.getByLabel("Business Type", { exact: true }).selectOption("other");
      await expect(kind).toHaveValue("Wedding photography");
      await form.getByLabel("Number of Employees").selectOption("2-5");
      await form.getByRole("checkbox", { name: /I agree to receive emails about the product/ }).check();
      await form.getByRole("button", { name: "Join the Waiting List" }).click();
      await expect(page).toHaveURL(/\/waitlist\/thanks$/);

      await signInAsAdmin(page.request);
      const response = await page.request.get(`/api/admin/waitlist?q=${encodeURIComponent(email)}`);
      const { entries } = (await response.json()) as {
        entries: { email: string; businessType: string; businessDescription: string | null }[];
      };
      expect(
        entries.map(({ email, businessType, businessDescription }) => ({ email, businessType, businessDescription })),
      ).toEqual([{ email, businessType: "other", businessDescription: "Wedding photography" }]);
    });
  });
});
