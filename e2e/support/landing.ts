import { expect, type Page } from "@playwright/test";

/** The product name, read from the logo's alt text, and the `why-` anchor derived from it as config/site.ts does. */
export async function whyAnchor(page: Page): Promise<string> {
  const name = await page.locator("header img").first().getAttribute("alt");
  expect(name).toBeTruthy();
  return `why-${name!.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
}

/** The landing page's section anchors, in page order (the page must be open: the "why" one names the product). */
export async function landingSectionIds(page: Page): Promise<string[]> {
  return [
    "hero",
    "pain-points",
    "business-examples",
    await whyAnchor(page),
    "features",
    "comparison",
    "examples",
    "chat-experience",
    "integrations",
    "industries",
    "join-waitlist",
  ];
}
