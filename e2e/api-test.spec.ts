import { expect, test, type Page } from "@playwright/test";

import { expectNoAxeViolations } from "@/e2e/support/axe";
import { freshClientAddress } from "@/e2e/support/client-address";
import { awayFromWindowEdge } from "@/test/rate-limit-window";

// The main e2e server talks to e2e/support/fake-openai.mjs with OPENAI_API_KEY=test-key.
const FAKE_REPLY = "Hello from the fake OpenAI server.";
const ENDPOINT = "/api/ai/test-connection";

// The endpoint is rate limited per client address: each test is its own client.
async function openPage(page: Page) {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": freshClientAddress() });
  await page.goto("/api-test");
  await expect(page.getByRole("heading", { level: 1, name: "AI provider connection test" })).toBeVisible();
}

test.describe("api-test page", () => {
  test("shows 'Testing...' while running, then the success message and the model's reply", async ({ page }) => {
    await openPage(page);
    await expectNoAxeViolations(page);

    // Hold the request until the running state has been seen; the real server then answers it.
    let letThrough!: () => void;
    const seenRunning = new Promise<void>((resolve) => (letThrough = resolve));
    await page.route(ENDPOINT, async (route) => {
      await seenRunning;
      await route.continue();
    });

    const button = page.getByRole("button", { name: "Test OpenAI Connection" });
    const responsePromise = page.waitForResponse(ENDPOINT);
    await button.click();
    const running = page.getByRole("button", { name: "Testing..." });
    await expect(running).toBeVisible();
    await expect(running).toBeDisabled();
    letThrough();

    const response = await responsePromise;
    expect(response.status()).toBe(200);
    expect(response.request().headers()["content-type"]).toBe("application/json");
    expect(response.request().postData()).toBeNull();

    const result = page.getByTestId("connection-test-result");
    await expect(result).toContainText("Connected to the AI provider");
    await expect(result).toContainText(FAKE_REPLY);
    await expect(page.getByRole("button", { name: "Test OpenAI Connection" })).toBeEnabled();
    await expectNoAxeViolations(page);
  });

  test("works from the keyboard and keeps focus on the button", async ({ page }) => {
    await openPage(page);
    const button = page.getByRole("button", { name: "Test OpenAI Connection" });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("connection-test-result")).toContainText(FAKE_REPLY);
    await expect(button).toBeFocused();
  });

  test("links back to the home page", async ({ page }) => {
    await openPage(page);
    await page.getByRole("link", { name: /home/i }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the endpoint answers JSON without the key, and only to POST", async ({ request }) => {
    const headers = { "Content-Type": "application/json", "X-Forwarded-For": freshClientAddress() };
    const response = await request.post(ENDPOINT, { headers });
    expect(response.status()).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ message: expect.any(String), response: FAKE_REPLY });
    expect(text).not.toContain("test-key");
    expect(response.headers()["cache-control"]).toContain("no-store");

    expect((await request.get(ENDPOINT)).status()).toBe(405);
    const crossSite = await request.post(ENDPOINT, { headers: { ...headers, Origin: "https://evil.example" } });
    expect(crossSite.status()).toBe(403);
  });

  test("refuses a client past its rate limit with 429 and Retry-After", async ({ request }) => {
    const headers = { "Content-Type": "application/json", "X-Forwarded-For": freshClientAddress() };
    // Rate limits count in fixed one-minute windows: the six requests go inside one.
    await awayFromWindowEdge(60_000, 5_000);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await request.post(ENDPOINT, { headers })).status());
    expect(statuses).toEqual([200, 200, 200, 200, 200]);

    const refused = await request.post(ENDPOINT, { headers });
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toEqual({
      message: "Too many connection tests",
      error: expect.stringContaining("seconds"),
    });
  });
});

test.describe("api-test page without a key", () => {
  test.use({ baseURL: process.env.E2E_BARE_URL });

  test("says the provider is not configured, naming no server setting to an anonymous visitor", async ({ page }) => {
    await openPage(page);
    const answer = page.waitForResponse(ENDPOINT);
    await page.getByRole("button", { name: "Test OpenAI Connection" }).click();
    const response = await answer;
    expect(response.status()).toBe(503);
    // The setting to change goes to the server log (checked in app/api/ai/test-connection/route.test.ts).
    expect(await response.text()).not.toContain("OPENAI_");
    const result = page.getByTestId("connection-test-result");
    await expect(result).toContainText("The AI provider is not configured");
    await expect(result).toContainText("server log");
    expect(await page.content()).not.toContain("OPENAI_");
    await expectNoAxeViolations(page);
  });
});
