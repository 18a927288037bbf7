import { expect, test } from "@playwright/test";

import { signInAsAdmin } from "@/e2e/support/admin";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { freshClientAddress } from "@/e2e/support/client-address";
import { solvedProof } from "@/e2e/support/signup";
import { openMoreFilters } from "@/e2e/support/waitlist-list";

// The spec files share one database: every entry and tag here carries this run's token.
const token = `tg${Date.now().toString(36)}`;
const TAG = `london ${token}`;
const names = ["Ann", "Bob", "Cat", "Dan"].map((name) => `${name} ${token}`);

test.use({ timezoneId: "UTC" });

test.beforeAll(async ({ request }) => {
  for (const [index, name] of names.entries()) {
    const response = await request.post("/api/waitlist", {
      headers: { "X-Forwarded-For": freshClientAddress(), "Content-Type": "application/json" },
      data: {
        name,
        email: `tags-${token}-${index}@example.com`,
        businessType: "cleaning",
        employees: "1",
        agreedToTerms: true,
        altcha: await solvedProof(request),
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
});

test.describe("tags and notes", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page.request);
  });

  test("an owner tags three entries from the list, filters by the tag, and keeps notes on an entry", async ({
    page,
  }) => {
    await page.goto(`/admin?q=${token}&sort=name_asc`);
    await expect(page.locator("table tbody tr")).toHaveCount(4);

    // Three ticked by keyboard: each row's checkbox takes Space.
    for (const name of names.slice(0, 3)) {
      const box = page.getByRole("checkbox", { name: `Select ${name}` });
      // The boxes work once the page's scripts run.
      await expect(box).toBeEnabled();
      await box.focus();
      await page.keyboard.press("Space");
      await expect(box).toBeChecked();
    }
    await expect(page.getByText("3 selected on this page.")).toBeVisible();
    await page.getByRole("button", { name: "Tag…" }).click();
    const dialog = page.getByRole("dialog", { name: "Tag the selected entries" });
    await expect(dialog.getByLabel("Tags")).toBeFocused();
    await expectNoAxeViolations(page);
    // A tag the rule refuses is said under the field, and nothing is sent.
    await page.keyboard.type("x".repeat(41));
    await page.keyboard.press("Enter");
    await expect(dialog.getByText("A tag must be at most 40 characters")).toBeVisible();
    await dialog.getByLabel("Tags").fill(TAG.toUpperCase());
    await page.keyboard.press("Enter");
    await expect(page.getByText("Tagged 3 entries")).toBeVisible();
    await expect(dialog).toBeHidden();

    // The list filtered by the tag: the three, and nobody else.
    await page.goto("/admin");
    // The tag filters are among "More filters".
    await openMoreFilters(page);
    await page.getByLabel("Any of these tags").fill(TAG);
    await page.getByLabel("Any of these tags").press("Enter");
    await expect(page).toHaveURL(/[?&]tags=london/);
    await expect(page.locator("table tbody tr")).toHaveCount(3);
    for (const name of names.slice(0, 3)) await expect(page.getByRole("link", { name })).toBeVisible();
    await expect(page.getByRole("link", { name: names[3]! })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // An entry's page: its tags, and notes added, edited and deleted.
    await page.getByRole("link", { name: names[0]! }).click();
    await expect(page.getByRole("heading", { name: names[0]!, level: 1 })).toBeVisible();
    await expect(page.getByTestId("entry-tags")).toHaveText(TAG);
    await page.getByLabel("Add a tag").fill("VIP");
    await page.getByLabel("Add a tag").press("Enter");
    await expect(page.getByTestId("entry-tags").getByText("vip")).toBeVisible();
    await page.getByRole("button", { name: "Remove the tag vip" }).click();
    await expect(page.getByTestId("entry-tags").getByText("vip")).toBeHidden();

    await expect(page.getByText("No notes yet.")).toBeVisible();
    await page.getByLabel("Add a note").fill("Called them.\nKeen to start in May.");
    await page.getByRole("button", { name: "Add note" }).focus();
    await page.keyboard.press("Enter");
    const note = page.getByTestId("entry-note");
    await expect(note).toContainText("Keen to start in May.");
    await expect(note).toContainText(/@/);
    await expect(page.getByLabel("Add a note")).toHaveValue("");
    await expectNoAxeViolations(page);

    await note.getByRole("button", { name: /^Edit/ }).click();
    await note.getByLabel("Edit the note").fill("Starts in June.");
    await note.getByRole("button", { name: "Save" }).click();
    await expect(note).toContainText("Starts in June.");
    await expect(note).toContainText("edited");

    await note.getByRole("button", { name: /^Delete/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete note" }).click();
    await expect(page.getByTestId("entry-note")).toHaveCount(0);
    await expect(page.getByText("No notes yet.")).toBeVisible();
  });
});
