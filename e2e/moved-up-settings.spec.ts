import { expect, test } from "@playwright/test";

import { signInAsAdmin } from "@/e2e/support/admin";
import { expectNoAxeViolations } from "@/e2e/support/axe";

const SECTION = 'section[aria-labelledby="moved-up-heading"]';

// The owner's "You moved up" switch on the Settings page: off by default, reached and changed by keyboard,
// checked with the server's own rule, saved and shown again after a reload. Turned off again at the end, so
// no other spec's sweep sends these emails.
test("the owner turns “You moved up” emails on and sets the places, by keyboard", async ({ page }) => {
  await signInAsAdmin(page.request);
  await page.goto("/admin/settings");
  const section = page.getByRole("region", { name: "“You moved up” emails" });
  const box = section.getByRole("checkbox", { name: "Send “You moved up” emails" });
  const places = section.getByRole("spinbutton", { name: "Places moved up before an email" });
  await expect(box).not.toBeChecked();
  await expect(places).toHaveValue("10");
  await expectNoAxeViolations(page, { include: SECTION });

  // From the number field, one step back reaches the switch; Space turns it on.
  await places.focus();
  await page.keyboard.press("Shift+Tab");
  await expect(box).toBeFocused();
  await page.keyboard.press("Space");
  await expect(box).toBeChecked();

  await places.fill("0");
  await places.press("Enter");
  await expect(section.getByText("Enter a whole number of places from 1 to 1,000")).toBeVisible();
  await expect(places).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page, { include: SECTION });

  await places.fill("25");
  await page.keyboard.press("Tab");
  await expect(section.getByRole("button", { name: "Save" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("“You moved up” emails on")).toBeVisible();

  await page.reload();
  await expect(box).toBeChecked();
  await expect(places).toHaveValue("25");

  // Back to the default for the rest of the run.
  await box.click();
  await places.fill("10");
  await section.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("“You moved up” emails off")).toBeVisible();
});
