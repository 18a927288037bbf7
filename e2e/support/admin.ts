import { expect, type APIRequestContext } from "@playwright/test";

import { freshClientAddress } from "@/e2e/support/client-address";
import { E2E_ADMIN } from "@/playwright.config";

/**
 * Signs in through the admin API as the e2e server's admin (or the given account), from a fresh client address
 * unless one is given, so no test meets the sign-in limit. The request context keeps the session: a page's
 * `page.request` shares it with the page.
 */
export async function signInAsAdmin(
  request: APIRequestContext,
  account: { email: string; password: string } = E2E_ADMIN,
  address = freshClientAddress(),
): Promise<void> {
  const response = await request.post("/api/admin/login", {
    headers: { "X-Forwarded-For": address },
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}
