import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";

import { signInAsAdmin } from "@/e2e/support/admin";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { freshClientAddress } from "@/e2e/support/client-address";
import { E2E_ADMIN } from "@/playwright.config";

// An admin's second factor, as they meet it: setting up an authenticator app and a passkey, the sign-in's second
// step, recovery codes, the reset by another admin, and a server that requires a second factor of everyone.

const token = `mf${Date.now().toString(36)}`;
const SHOTS = "/tmp/shots-mfa";

test.use({ extraHTTPHeaders: { "X-Forwarded-For": freshClientAddress() } });

/** The app's code at `steps` 30-second steps from now. */
function codeAt(secret: string, steps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret.replace(/\s/g, "")),
    timestamp: Date.now() + steps * 30_000,
  });
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function signOut(page: Page) {
  await page.getByRole("complementary").getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

test.describe.serial("an authenticator app and recovery codes", () => {
  const account = { name: `Hedy ${token}`, email: `hedy-${token}@example.com`, password: "frequency-hopping-1942" };
  let secret = "";
  let recoveryCodes: string[] = [];

  test("an admin sets up an app; signing in then asks for a code, refuses a wrong one, and accepts the right one", async ({
    page,
  }) => {
    await signInAsAdmin(page.request);
    const created = await page.request.post("/api/admin/users", { data: account });
    expect(created.status(), await created.text()).toBe(201);
    await page.request.post("/api/admin/logout");

    // No second factor yet: the sign-in is the password alone.
    await signInThroughForm(page, account.email, account.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto("/admin/settings#security");
    const security = page.getByRole("region", { name: "Security" });
    await expect(security.getByText("No passkeys yet.")).toBeVisible();
    await expect(page.getByTestId("session-row").first()).toContainText("Password only");

    await security.getByRole("button", { name: "Set up an authenticator app" }).click();
    await expect(security.getByRole("img", { name: /QR code/ })).toBeVisible();
    secret = (await security.getByTestId("totp-secret").textContent()) ?? "";
    expect(secret.replace(/\s/g, "")).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/totp-setup.png`, fullPage: true });

    // A wrong first code does not count.
    const codeField = security.getByLabel("6-digit code");
    await codeField.fill("000000" === codeAt(secret) ? "111111" : "000000");
    await security.getByRole("button", { name: "Confirm the app" }).click();
    await expect(security.getByText(/That code is not right/)).toBeVisible();
    await codeField.fill(codeAt(secret));
    await security.getByRole("button", { name: "Confirm the app" }).click();
    // The codes open where the admin is looking, to be copied, downloaded or printed, and stay until saved.
    const saveCodes = page.getByRole("dialog", { name: "Save your recovery codes" });
    const codes = saveCodes.getByTestId("recovery-codes").getByRole("listitem");
    await expect(codes).toHaveCount(10);
    recoveryCodes = await codes.allTextContents();
    await expectNoAxeViolations(page);
    await expect(saveCodes.getByRole("button", { name: "Print" })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      saveCodes.getByRole("button", { name: "Download (.txt)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("otto-recovery-codes.txt");
    const file = await readFile((await download.path())!, "utf8");
    for (const code of recoveryCodes) expect(file).toContain(code);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await saveCodes.getByRole("button", { name: "Copy" }).click();
    await expect(saveCodes.getByText("The codes are copied.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(recoveryCodes.join("\n"));
    // Not closed before the admin says the codes are saved: Escape and Done ask for that first.
    await page.keyboard.press("Escape");
    await expect(saveCodes).toBeVisible();
    const savedBox = saveCodes.getByRole("checkbox", { name: "I've saved them" });
    await expect(savedBox).toBeFocused();
    await expect(saveCodes.getByText(/these codes are not shown again/)).toBeVisible();
    await saveCodes.getByRole("button", { name: "Done" }).click();
    await expect(saveCodes).toBeVisible();
    await expectNoAxeViolations(page);
    await savedBox.focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await expect(saveCodes.getByRole("button", { name: "Done" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(saveCodes).toBeHidden();
    await expect(security.getByText(/^Set up \d/)).toBeVisible();
    await expectNoAxeViolations(page);

    await signOut(page);
    await signInThroughForm(page, account.email, account.password);
    await expect(page).toHaveURL(/\/admin\/login\/verify$/);
    await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
    await expectNoAxeViolations(page);
    // The admin area is still closed: there is no session yet.
    expect((await page.request.get("/api/admin/session")).status()).toBe(401);

    // By keyboard alone: the code field is the first stop, Enter sends it.
    await page.keyboard.press("Tab");
    const field = page.getByLabel("Code from your authenticator app");
    await expect(field).toBeFocused();
    const wrong = String((Number(codeAt(secret, 1)) + 500_000) % 1_000_000).padStart(6, "0");
    await page.keyboard.type(wrong);
    await page.keyboard.press("Enter");
    await expect(
      page.getByText("That code is not right. Check the 6-digit code in your authenticator app and try again."),
    ).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toBeFocused();
    await page.screenshot({ path: `${SHOTS}/second-step-wrong-code.png`, fullPage: true });
    await expectNoAxeViolations(page);

    // The code that confirmed the app was this step's: the next step's is new.
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(codeAt(secret, 1));
    await page.keyboard.press("Enter");
    await expect(page.getByText("Login successful")).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto("/admin/settings#sessions");
    await expect(page.getByTestId("session-row").first()).toContainText("Authenticator app");
  });

  test("a recovery code signs in once", async ({ page }) => {
    await signInThroughForm(page, account.email, account.password);
    await expect(page).toHaveURL(/\/admin\/login\/verify$/);
    await page.getByRole("button", { name: "Use a recovery code instead" }).click();
    await page.getByLabel("Recovery code").fill(recoveryCodes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto("/admin/settings#security");
    await expect(page.getByText("9 of 10 unused.", { exact: false })).toBeVisible();
    await expect(page.getByTestId("session-row").first()).toContainText("Recovery code");
    await signOut(page);

    await signInThroughForm(page, account.email, account.password);
    await expect(page).toHaveURL(/\/admin\/login\/verify$/);
    await page.getByRole("button", { name: "Use a recovery code instead" }).click();
    await page.getByLabel("Recovery code").fill(recoveryCodes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("That recovery code is not right, or it has already been used.")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login\/verify$/);
  });

  test("an admin with full rights resets the second factor of one who lost their phone", async ({ page, browser }) => {
    // Hedy is signed in on another device.
    const hedyContext = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": freshClientAddress() } });
    const hedy = await hedyContext.newPage();
    await signInThroughForm(hedy, account.email, account.password);
    await hedy.getByRole("button", { name: "Use a recovery code instead" }).click();
    await hedy.getByLabel("Recovery code").fill(recoveryCodes[1]!);
    await hedy.getByRole("button", { name: "Verify" }).click();
    await expect(hedy).toHaveURL(/\/admin$/);

    await signInAsAdmin(page.request);
    await page.goto("/admin/users");
    await page.getByRole("searchbox", { name: "Search admins" }).fill(account.email);
    const row = page.getByRole("row").filter({ hasText: account.email });
    await row.getByRole("button", { name: `Reset second factor of ${account.name}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Reset ${account.name}'s second factor?` });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: "Reset" }).click();
    await expect(page.getByText("Second factor reset", { exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: `Reset second factor of ${account.name}` })).toBeHidden();

    await hedy.reload();
    await expect(hedy).toHaveURL(/\/admin\/login$/);
    // The password alone signs in again: this server does not require a second factor.
    await signInThroughForm(hedy, account.email, account.password);
    await expect(hedy).toHaveURL(/\/admin$/);
    await hedyContext.close();
  });
});

test.describe("a server that requires a second factor, and passkeys", () => {
  test.use({ baseURL: process.env.E2E_STRICT_URL });

  test("an admin without one must add a passkey before the admin area opens, then signs in with it", async ({
    page,
  }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });

    await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/login\/enrol$/);
    await expect(page.getByRole("heading", { name: "Set up a second factor" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/enrol.png`, fullPage: true });

    // Nothing of the admin area answers before a second factor is set up.
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect((await page.request.get("/api/admin/session")).status()).toBe(401);
    expect((await page.request.get("/api/admin/users")).status()).toBe(401);

    await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/login\/enrol$/);
    // By keyboard: the passkey's name is the first field, Enter adds it.
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Passkey name")).toBeFocused();
    await page.keyboard.type("Virtual laptop");
    await page.keyboard.press("Enter");
    await expect(page.getByText("Your second factor is set up and you are signed in.")).toBeVisible();
    await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "I have saved my codes, continue" }).click();
    await expect(page).toHaveURL(/\/admin$/);

    await page.goto("/admin/settings#security");
    await expect(page.getByTestId("passkey-row")).toContainText("Virtual laptop");
    await page.getByRole("button", { name: "Rename passkey Virtual laptop" }).click();
    const renameDialog = page.getByRole("dialog", { name: "Rename the passkey" });
    await renameDialog.getByLabel("Passkey name").fill("Test laptop");
    await expectNoAxeViolations(page);
    await renameDialog.getByRole("button", { name: "Save" }).click();
    await expect(renameDialog).toBeHidden();
    await expect(page.getByTestId("passkey-row")).toContainText("Test laptop");
    await expect(page.getByTestId("session-row").first()).toContainText("Passkey");
    // The last second factor cannot be removed where one is required.
    await page.getByRole("button", { name: "Remove passkey Test laptop" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText(/Every admin needs a second factor here/).first()).toBeVisible();
    await expect(page.getByTestId("passkey-row")).toHaveCount(1);

    await signOut(page);
    await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/login\/verify$/);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/second-step-passkey.png`, fullPage: true });
    await page.getByRole("button", { name: "Use your passkey" }).click();
    await expect(page.getByText("Login successful")).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto("/admin/settings#sessions");
    await expect(page.getByTestId("session-row").first()).toContainText("Passkey");
  });
});
