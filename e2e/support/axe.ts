import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

import { expectAnimationsFinished } from "@/e2e/support/animations";

/** The rules the site is held to: WCAG 2.2 at level AA. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export interface AxeScope {
  /** Only this part of the page. */
  include?: string;
  /** Leaving out this part (an email preview's empty sandbox, where no script, axe included, can run). */
  exclude?: string;
}

/** axe finds no WCAG 2.2 AA violation on the page (or in its `include` part); a failure names each rule and its nodes. */
export async function expectNoAxeViolations(page: Page, scope: AxeScope = {}): Promise<void> {
  // A client-side navigation sets the new page's title a moment after its content: axe must not catch the
  // document between the two (it reports an empty title).
  await expect(page).toHaveTitle(/\S/);
  // A toast part-way through fading in or out is drawn at part opacity: its contrast is measured once it settles.
  await expectAnimationsFinished(page, "[data-sonner-toaster]");
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (scope.include) builder = builder.include(scope.include);
  if (scope.exclude) builder = builder.exclude(scope.exclude);
  const results = await builder.analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
