import { expect, type Locator, type Page } from "@playwright/test";

/**
 * The cell of one of the admin list's rows under the column headed `heading`. The list's cells carry no label of
 * their own (the table's stylesheet names them for phone cards: COLUMN_STYLES in components/admin/waitlist-table.tsx),
 * so the column is found by its heading, wherever the descriptors put it.
 */
export async function listCell(page: Page, row: Locator, heading: string): Promise<Locator> {
  const index = await page
    .locator("table thead th")
    .evaluateAll((ths, name) => ths.findIndex((th) => th.textContent?.trim() === name), heading);
  if (index < 0) throw new Error(`The list has no column headed ${heading}`);
  return row.locator("td").nth(index);
}

/**
 * Opens the list's "More filters" (the less-used filters and the segments), unless it is open already: it starts open
 * only when one of its filters is set.
 */
export async function openMoreFilters(page: Page): Promise<void> {
  const button = page.getByRole("button", { name: /^More filters/ });
  if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
}
