import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";

import { signInAsAdmin } from "@/e2e/support/admin";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { freshClientAddress } from "@/e2e/support/client-address";
import { solvedProof } from "@/e2e/support/signup";
import { E2E_ADMIN } from "@/playwright.config";

// The spec files share one database: this run's admins and signup carry this token. The e2e server's own
// admin (E2E_ADMIN) keeps full rights throughout: other files sign in as it.
const token = `ro${Date.now().toString(36)}`;
const VIEWER = { name: `Vera ${token}`, email: `vera-${token}@example.com`, password: "read-only-reader-1" };
const FULL = { name: `Frank ${token}`, email: `frank-${token}@example.com`, password: "can-do-everything-1" };
const SIGNUP_EMAIL = `roles-${token}@example.com`;
const ONLY_FULL_ADMIN = "The only admin with full rights: add another admin before narrowing this one.";

let entryId: number;

test.use({ timezoneId: "UTC" });

test.beforeAll(async ({ request }) => {
  const response = await request.post("/api/waitlist", {
    headers: { "X-Forwarded-For": freshClientAddress(), "Content-Type": "application/json" },
    data: {
      name: `Roles ${token}`,
      email: SIGNUP_EMAIL,
      businessType: "cleaning",
      employees: "1",
      agreedToTerms: true,
      altcha: await solvedProof(request),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
});

async function signedIn(browser: Browser, account: { email: string; password: string }) {
  const address = freshClientAddress();
  const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": address } });
  const page = await context.newPage();
  await signInAsAdmin(page.request, account, address);
  return { context, page };
}

/** The id of this run's signup, read through the admin list's search. */
async function findEntryId(page: Page): Promise<number> {
  await page.goto(`/admin?q=${token}`);
  const link = page.getByRole("link", { name: `Roles ${token}` });
  await expect(link).toBeVisible();
  return Number(/\/admin\/waitlist\/(\d+)/.exec((await link.getAttribute("href")) ?? "")?.[1]);
}

test.describe.serial("admin roles", () => {
  let admin: { context: BrowserContext; page: Page };

  test.beforeAll(async ({ browser }) => {
    admin = await signedIn(browser, E2E_ADMIN);
    entryId = await findEntryId(admin.page);
  });

  test.afterAll(async () => {
    await admin.context.close();
  });

  test("an admin makes a viewer through Add Admin, and the Users page shows each admin's role", async () => {
    const page = admin.page;
    await page.goto("/admin/users");
    await page.getByRole("button", { name: "Add Admin" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Admin User" });
    await dialog.getByLabel("Name").fill(VIEWER.name);
    await dialog.getByLabel("Email").fill(VIEWER.email);
    await dialog.getByLabel("Password", { exact: true }).fill(VIEWER.password);
    await dialog.getByLabel("Confirm Password").fill(VIEWER.password);
    // Admin is chosen until someone picks another role; the arrow keys move the choice.
    await expect(dialog.getByRole("radio", { name: "Admin" })).toBeChecked();
    await expect(dialog.getByRole("radio", { name: "Viewer" })).toHaveAccessibleDescription(/Changes nothing/);
    await expectNoAxeViolations(page);
    await dialog.getByRole("radio", { name: "Admin" }).focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(dialog.getByRole("radio", { name: "Viewer" })).toBeChecked();
    await dialog.getByRole("button", { name: "Create Admin" }).click();
    await expect(page.getByText("Admin user created successfully")).toBeVisible();

    await page.getByRole("searchbox", { name: "Search admins" }).fill(token);
    const row = page.getByRole("row").filter({ hasText: VIEWER.email });
    await expect(row.getByRole("combobox", { name: `Role of ${VIEWER.name}` })).toHaveText("Viewer");
    await page.getByRole("searchbox", { name: "Search admins" }).fill("");
    await expectNoAxeViolations(page);
  });

  test("the viewer sees the overview, the list and an entry, with no control they cannot use", async ({ browser }) => {
    const viewer = await signedIn(browser, VIEWER);
    const page = viewer.page;
    const sidebar = page.getByRole("complementary");

    await page.goto("/admin/overview");
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Waitlist Entries" })).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Admin Users" })).toHaveCount(0);

    await page.goto(`/admin?q=${token}`);
    await expect(page.getByRole("link", { name: `Roles ${token}` })).toBeVisible();
    await expect(page.getByRole("button", { name: /Export/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Invite/ })).toHaveCount(0);
    await expect(page.getByRole("checkbox")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Import/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /Import/ })).toHaveCount(0);

    await page.goto(`/admin/waitlist/${entryId}`);
    await expect(page.getByRole("heading", { level: 1, name: `Roles ${token}` })).toBeVisible();
    for (const name of [/Delete/, /Invite/, /Resend/, /Release/]) {
      await expect(page.getByRole("button", { name })).toHaveCount(0);
    }

    // Settings: their own email choice and sessions, nothing that concerns the others.
    await page.goto("/admin/settings");
    await expect(page.getByRole("heading", { name: "Sessions" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Email about signups" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Webhooks" })).toHaveCount(0);

    // Come to the Admin Users page anyway: told why, in plain English.
    await page.goto("/admin/users");
    await expect(page.getByText("Your role (viewer) cannot manage admin users. Ask an admin.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add Admin" })).toHaveCount(0);

    // The server refuses what the page does not offer.
    const refusals: [Promise<import("@playwright/test").APIResponse>, string][] = [
      [page.request.get("/api/admin/waitlist/export"), "Your role (viewer) cannot export the list. Ask an admin."],
      [
        page.request.post("/api/admin/waitlist/invitations", { data: { ids: [entryId], includeUnconfirmed: true } }),
        "Your role (viewer) cannot invite people. Ask an admin.",
      ],
      [
        page.request.delete(`/api/admin/waitlist/${entryId}`),
        "Your role (viewer) cannot delete signups. Ask an admin.",
      ],
      [page.request.get("/api/admin/webhooks"), "Your role (viewer) cannot manage webhooks. Ask an admin."],
      [
        page.request.post("/api/admin/webhooks", { data: { url: "https://example.com/hook" } }),
        "Your role (viewer) cannot manage webhooks. Ask an admin.",
      ],
      [page.request.get("/api/admin/users"), "Your role (viewer) cannot manage admin users. Ask an admin."],
    ];
    for (const [call, message] of refusals) {
      const response = await call;
      expect(response.status()).toBe(403);
      expect(await response.json()).toEqual({ message });
    }
    // The entry is still there.
    await page.goto(`/admin/waitlist/${entryId}`);
    await expect(page.getByRole("heading", { level: 1, name: `Roles ${token}` })).toBeVisible();
    await viewer.context.close();
  });

  test("an admin added through the API without a role can do everything", async ({ browser }) => {
    const created = await admin.page.request.post("/api/admin/users", {
      data: { name: FULL.name, email: FULL.email, password: FULL.password },
    });
    expect(created.status(), await created.text()).toBe(201);
    expect((await created.json()).admin.role).toBe("admin");

    const full = await signedIn(browser, FULL);
    const request = full.page.request;
    expect((await request.get("/api/admin/users")).status()).toBe(200);
    expect((await request.get("/api/admin/webhooks")).status()).toBe(200);
    const exported = await request.get(`/api/admin/waitlist/export?q=${token}`);
    expect(exported.status()).toBe(200);
    expect(await exported.text()).toContain(SIGNUP_EMAIL);
    const invited = await request.post("/api/admin/waitlist/invitations", {
      data: { ids: [entryId], includeUnconfirmed: true },
    });
    expect(invited.status(), await invited.text()).toBe(200);
    expect(await invited.json()).toEqual({ invited: 1 });

    await full.page.goto("/admin");
    await expect(full.page.getByRole("button", { name: "Export as CSV" })).toBeVisible();
    await expect(full.page.getByRole("complementary").getByRole("link", { name: "Admin Users" })).toBeVisible();
    await full.context.close();
  });

  test("the last active admin with full rights cannot be narrowed: the page says so, and the server refuses", async () => {
    const request = admin.page.request;
    const { admins } = (await (await request.get("/api/admin/users")).json()) as {
      admins: { id: number; email: string; isActive: boolean; role: string }[];
    };
    const me = admins.find((a) => a.email === E2E_ADMIN.email)!;
    // For a moment the e2e server's admin is the only one with full rights: the others (this run's and
    // those other files left behind) become members, and get their full rights back below.
    const others = admins.filter((a) => a.isActive && a.role === "admin" && a.id !== me.id);
    try {
      for (const other of others) {
        const narrowed = await request.patch(`/api/admin/users/${other.id}/role`, { data: { role: "member" } });
        expect(narrowed.status(), await narrowed.text()).toBe(200);
      }
      const page = admin.page;
      await page.goto("/admin/users");
      await page.getByRole("searchbox", { name: "Search admins" }).fill(E2E_ADMIN.email);
      const row = page.getByRole("row").filter({ hasText: E2E_ADMIN.email });
      await expect(row.getByText(ONLY_FULL_ADMIN)).toBeVisible();
      await expect(row.getByRole("combobox")).toHaveCount(0);
      await expect(row.getByRole("button")).toHaveCount(0);
      await expectNoAxeViolations(page);

      const refused = await request.patch(`/api/admin/users/${me.id}/role`, { data: { role: "viewer" } });
      expect(refused.status()).toBe(409);
      expect((await refused.json()).message).toBe(
        "This is the only active admin with full rights: add another admin (or give one the Admin role) before narrowing this one.",
      );
      const deactivation = await request.patch(`/api/admin/users/${me.id}/toggle-status`, {
        data: { isActive: false },
      });
      expect(deactivation.status()).toBe(409);
    } finally {
      for (const other of others) {
        await request.patch(`/api/admin/users/${other.id}/role`, { data: { role: "admin" } });
      }
    }
    const after = (await (await request.get("/api/admin/users")).json()) as { admins: { id: number; role: string }[] };
    expect(after.admins.find((a) => a.id === me.id)?.role).toBe("admin");
  });
});
