import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";

import { signInAsAdmin } from "@/e2e/support/admin";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { freshClientAddress } from "@/e2e/support/client-address";
import { solvedProof } from "@/e2e/support/signup";

const run = Date.now().toString(36);
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
let server: http.Server;
let receiverUrl: string;

// A receiver on this machine, as a team's own endpoint would be.
test.beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/${run}`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Standard Webhooks verification, as a receiver would write it. */
function signedWith(secret: string, request: (typeof received)[number]): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key)
    .update(`${request.headers["webhook-id"]}.${request.headers["webhook-timestamp"]}.${request.body}`)
    .digest("base64");
  return request.headers["webhook-signature"] === `v1,${expected}`;
}

test("an admin adds a webhook, sends it a test event, and sees a signup arrive signed", async ({ page, request }) => {
  await signInAsAdmin(page.request);
  await page.goto("/admin/settings");
  await page.getByLabel("Webhook URL").fill("ftp://example.com/x");
  await page.getByRole("button", { name: "Add webhook" }).click();
  await expect(page.getByText("Enter an http:// or https:// URL")).toBeVisible();
  await page.getByLabel("Webhook URL").fill(receiverUrl);
  await page.getByRole("button", { name: "Add webhook" }).click();
  const webhook = page.getByTestId("webhook").filter({ hasText: receiverUrl });
  await expect(webhook).toBeVisible();
  await webhook.getByRole("button", { name: "Show" }).click();
  const secret = (await webhook.locator("code").textContent())!;
  expect(secret).toMatch(/^whsec_/);

  await webhook.getByRole("button", { name: "Send test event" }).click();
  await expect(page.getByText("Test event delivered")).toBeVisible();
  expect(received).toHaveLength(1);
  expect(JSON.parse(received[0]!.body)).toMatchObject({ type: "webhook.test" });
  expect(signedWith(secret, received[0]!)).toBe(true);

  const email = `hooked.${run}@example.com`;
  const signup = await request.post("/api/waitlist", {
    headers: { "X-Forwarded-For": freshClientAddress() },
    data: {
      name: "Hana Hook",
      email,
      businessType: "beauty",
      employees: "1",
      agreedToTerms: true,
      altcha: await solvedProof(request),
    },
  });
  expect(signup.status()).toBe(201);
  await expect.poll(() => received.filter((entry) => entry.body.includes(email)).length, { timeout: 15_000 }).toBe(1);
  const event = received.find((entry) => entry.body.includes(email))!;
  expect(JSON.parse(event.body)).toMatchObject({
    type: "waitlist.signup",
    data: { entry: { name: "Hana Hook", email, businessType: "beauty", source: "direct" } },
  });
  expect(signedWith(secret, event)).toBe(true);

  await page.reload();
  const log = page.getByTestId("webhook").filter({ hasText: receiverUrl }).getByTestId("webhook-delivery");
  await expect(log.filter({ hasText: "Signup" }).getByText("Delivered")).toBeVisible();
  await expect(log.filter({ hasText: "Test event" }).getByText("answered 204")).toBeVisible();
  await expectNoAxeViolations(page);

  // Removed, it gets nothing more.
  await page.getByTestId("webhook").filter({ hasText: receiverUrl }).getByRole("button", { name: "Remove" }).click();
  await page.getByRole("alertdialog", { name: "Remove this webhook?" }).getByRole("button", { name: "Remove" }).click();
  await expect(page.getByTestId("webhook").filter({ hasText: receiverUrl })).toHaveCount(0);
});
