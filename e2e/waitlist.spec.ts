import { expect, test, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";

import { signInAsAdmin } from "@/e2e/support/admin";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { freshClientAddress } from "@/e2e/support/client-address";
import { solvedProof } from "@/e2e/support/signup";
import { openMoreFilters } from "@/e2e/support/waitlist-list";
import { awayFromWindowEdge } from "@/test/rate-limit-window";

// Spec files share one server and database: emails and client addresses are unique per run, and counts
// are read before and after rather than assumed.
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

const MESSAGES = [
  "Name must be at least 2 characters",
  "Please enter a valid email address",
  "Please select a business type",
  "Please select team size",
  "You must agree to the terms",
];

async function openSection(page: Page, ip: string) {
  // The per-IP limit keys on the rightmost X-Forwarded-For entry (here the only one); each test is its own client.
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": ip });
  await page.goto("/#join-waitlist");
  const section = page.locator("section#join-waitlist");
  await expect(section.getByRole("heading", { level: 2, name: "Join the Waiting List" })).toBeVisible();
  // The scripted form (Radix selects, toasts) has taken the plain form's place.
  await section.locator("form[data-enhanced]").waitFor();
  return section;
}

async function countShown(page: Page): Promise<number> {
  const line = page.getByTestId("waitlist-count");
  // "1 business has ..." for exactly one, "2 businesses have ..." otherwise.
  await expect(line).toHaveText(/^[\d,]+ business(es have| has) already joined the waiting list$/);
  return Number((await line.textContent())!.split(" ")[0]!.replace(/,/g, ""));
}

const axe = (page: Page) => expectNoAxeViolations(page, { include: "#join-waitlist" });

test.describe("waiting list", () => {
  test("a visitor signs up with the keyboard only: messages, success panel, toast, count +1, and an empty form again", async ({
    page,
  }) => {
    const section = await openSection(page, freshClientAddress());
    const before = await countShown(page);
    await axe(page);

    const name = section.getByLabel("Your Name");
    const email = section.getByLabel("Business Email");
    const businessType = section.getByRole("combobox", { name: "Business Type" });
    const employees = section.getByRole("combobox", { name: "Number of Employees" });
    const consent = section.getByRole("checkbox", { name: /I agree to receive emails about the product/ });
    const submit = section.getByRole("button", { name: "Join the Waiting List" });
    const privacy = section.getByRole("link", { name: "How we use and protect your details" });

    // Into the form, then Tab through it: the honeypot is never a stop.
    await name.focus();
    await expect(name).toHaveAttribute("placeholder", "Full Name");
    for (const next of [email, businessType, employees, consent, privacy, submit]) {
      await page.keyboard.press("Tab");
      await expect(next).toBeFocused();
    }

    // An empty submit shows every message, each tied to its field, and focus goes to the first.
    await page.keyboard.press("Enter");
    for (const message of MESSAGES) await expect(section.getByText(message, { exact: true })).toBeVisible();
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription(MESSAGES[0]!);
    await expect(consent).toHaveAccessibleDescription(MESSAGES[4]!);
    await axe(page);

    await page.keyboard.type("Kay Board");
    await page.keyboard.press("Tab");
    const address = `Keyboard.${run}@Example.com`;
    await page.keyboard.type(address);
    await page.keyboard.press("Tab");
    await expect(businessType).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("listbox")).toBeVisible();
    await page.keyboard.type("Cle");
    await expect(page.getByRole("option", { name: "Cleaning" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(businessType).toHaveText("Cleaning");
    await expect(businessType).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("option", { name: "2-5" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(employees).toHaveText("2-5");
    await page.keyboard.press("Tab");
    await expect(consent).toBeFocused();
    await page.keyboard.press("Space");
    await expect(consent).toBeChecked();
    for (const message of MESSAGES) await expect(section.getByText(message, { exact: true })).toBeHidden();

    await page.keyboard.press("Tab");
    await expect(privacy).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(submit).toBeFocused();
    await page.keyboard.press("Enter");

    const panelHeading = section.getByRole("heading", { level: 3, name: "You're on the list!" });
    await expect(panelHeading).toBeVisible();
    await expect(panelHeading).toBeFocused();
    await expect(section.getByRole("form")).toHaveCount(0);
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "You're on the list!" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("We'll email you when it's your turn to try the product.");
    await expect(section.getByTestId("confirmation-address")).toHaveText(
      `We've sent a confirmation link to ${address.toLowerCase()}.`,
    );
    await expect.poll(() => countShown(page)).toBe(before + 1);
    await axe(page);

    await page.keyboard.press("Tab");
    await expect(section.getByRole("button", { name: "Add another business" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(name).toBeFocused();
    await expect(name).toHaveValue("");
    await expect(email).toHaveValue("");
    await expect(businessType).toHaveText("Select your business type");
    await expect(employees).toHaveText("Select team size");
    await expect(consent).not.toBeChecked();
    await expect(section.getByText(MESSAGES[0]!, { exact: true })).toBeHidden();
  });

  test("a visitor from a newsletter browses, then signs up; the admin area shows where they came from", async ({
    page,
    browser,
  }) => {
    const ip = freshClientAddress();
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": ip });
    await page.goto("/?utm_source=newsletter&utm_campaign=spring", { referer: "https://news.example.com/issue/12" });
    // The landing page records the visit's first touch once it is interactive.
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem("otto.signup-source")))
      .toBe(JSON.stringify({ utmSource: "newsletter", utmCampaign: "spring", referrer: "news.example.com" }));
    expect(await page.evaluate(() => document.cookie)).toBe("");
    await page.goto("/privacy");
    await page.goto("/#join-waitlist");

    const section = page.locator("section#join-waitlist");
    await section.locator("form[data-enhanced]").waitFor();
    const email = `spring.${run}@example.com`;
    await section.getByLabel("Your Name").fill("Sam Spring");
    await section.getByLabel("Business Email").fill(email);
    await section.getByRole("combobox", { name: "Business Type" }).click();
    await page.getByRole("option", { name: "Tutoring" }).click();
    await section.getByRole("combobox", { name: "Number of Employees" }).click();
    await page.getByRole("option", { name: "Just me" }).click();
    await section.getByRole("checkbox", { name: /I agree/ }).click();
    await section.getByRole("button", { name: "Join the Waiting List" }).click();
    await expect(section.getByRole("heading", { level: 3, name: "You're on the list!" })).toBeVisible();

    const admin = await browser.newContext();
    const adminPage = await admin.newPage();
    await signInAsAdmin(adminPage.request);
    await adminPage.goto(`/admin?q=${encodeURIComponent(email)}`);
    await openMoreFilters(adminPage);
    // The field offers the sources signups have come from.
    const suggestions = await adminPage
      .getByRole("combobox", { name: "Source" })
      .evaluate((field) => Array.from((field as HTMLInputElement).list?.options ?? [], (option) => option.value));
    expect(suggestions).toContain("newsletter");
    await adminPage.getByRole("combobox", { name: "Source" }).fill("Newsletter");
    await adminPage.getByRole("combobox", { name: "Source" }).press("Enter");
    await expect(adminPage).toHaveURL(/source=newsletter/);
    await adminPage.getByRole("link", { name: "Sam Spring" }).click();
    const details = adminPage.locator("dl");
    await expect(details).toContainText("Sourcenewsletter");
    await expect(details).toContainText("Campaignspring");
    await expect(details).toContainText("Referring sitenews.example.com");
    await expect(details).toContainText("MediumNone");
    const exported = await (
      await adminPage.request.get(`/api/admin/waitlist/export?source=newsletter&q=${encodeURIComponent(email)}`)
    ).text();
    const records = parse(exported, { bom: true, columns: true }) as Record<string, string>[];
    expect(records.map(({ Source, Medium, Campaign, Referrer }) => [Source, Medium, Campaign, Referrer])).toEqual([
      ["newsletter", "", "spring", "news.example.com"],
    ]);

    // The overview counts the signup under its source, and its chart and table say the same.
    await adminPage.goto("/admin");
    await adminPage.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Overview" }).click();
    await adminPage.getByRole("link", { name: "7 days" }).click();
    await expect(adminPage).toHaveURL(/\/admin\/overview\?range=7$/);
    const bySource = adminPage.getByRole("region", { name: "By source", exact: true });
    await expect(bySource.getByRole("link", { name: "newsletter", exact: true })).toBeVisible();
    await expect(adminPage.getByRole("region", { name: "Signups", exact: true })).toBeVisible();
    await adminPage.getByText("Show the figures as a table").click();
    const rows = adminPage.getByTestId("signups-per-day").getByRole("row");
    await expect(rows).toHaveCount(7);
    const todayInTable = Number((await rows.last().getByRole("cell").last().textContent())!.replace(/,/g, ""));
    expect(todayInTable).toBeGreaterThanOrEqual(1);
    // The chart: one tab stop; arrow keys move its tooltip from day to day (today is the last bar).
    const chart = adminPage.locator(".recharts-surface");
    await expect(chart).toBeVisible();
    await chart.focus();
    for (let day = 0; day < 7; day++) await adminPage.keyboard.press("ArrowRight");
    const tooltip = adminPage.locator(".recharts-tooltip-wrapper");
    await expect(tooltip).toContainText("(UTC)");
    await expect(tooltip).toContainText(`Signups: ${todayInTable.toLocaleString("en-GB")}`);
    await expectNoAxeViolations(adminPage);
    await admin.close();
  });

  test("a disposable address gets its message on the email field, and nothing is stored", async ({ page }) => {
    const section = await openSection(page, freshClientAddress());
    const email = `throwaway.${run}@mailinator.com`;
    await section.getByLabel("Your Name").fill("Temp Person");
    await section.getByLabel("Business Email").fill(email);
    await section.getByRole("combobox", { name: "Business Type" }).click();
    await page.getByRole("option", { name: "Handyman" }).click();
    await section.getByRole("combobox", { name: "Number of Employees" }).click();
    await page.getByRole("option", { name: "Just me" }).click();
    await section.getByRole("checkbox", { name: /I agree/ }).click();
    await section.getByRole("button", { name: "Join the Waiting List" }).click();
    const field = section.getByLabel("Business Email");
    await expect(field).toHaveAccessibleDescription("Please use a permanent email address.");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toBeFocused();
    await expect(field).toHaveValue(email);
    await axe(page);
    await signInAsAdmin(page.request);
    const listed = await (await page.request.get(`/api/admin/waitlist?q=${encodeURIComponent(email)}`)).json();
    expect(listed.total).toBe(0);
  });

  test("over the per-IP limit the form shows the server's message in the failure toast and keeps the values", async ({
    page,
  }) => {
    const ip = freshClientAddress();
    const section = await openSection(page, ip);
    await section.getByLabel("Your Name").fill("Limited Person");
    await section.getByLabel("Business Email").fill(`limited.${run}@example.com`);
    await section.getByRole("combobox", { name: "Business Type" }).click();
    await page.getByRole("option", { name: "Handyman" }).click();
    await section.getByRole("combobox", { name: "Number of Employees" }).click();
    await page.getByRole("option", { name: "11+" }).click();
    await section.getByRole("checkbox", { name: /I agree/ }).click();

    // Use up this address's limit just before submitting. The limit's windows are whole clock minutes,
    // so stay clear of a minute's last seconds: a new window would let the form's signup through.
    await awayFromWindowEdge(60_000, 5_000);
    for (let i = 0; i < 5; i++) {
      const response = await page.request.post("/api/waitlist", {
        headers: { "X-Forwarded-For": ip },
        data: {
          name: "Limit Test",
          email: `limit-${i}.${run}@example.com`,
          businessType: "car",
          employees: "1",
          agreedToTerms: true,
        },
      });
      expect(response.status()).toBe(201);
    }
    await section.getByRole("button", { name: "Join the Waiting List" }).click();

    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Something went wrong" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("Too many signups from your connection. Please wait a minute and try again.");
    // Said on the form too, beside the button, with the time the next signup can go through.
    await expect(section.getByRole("button", { name: "Join the Waiting List" })).toHaveAccessibleDescription(
      /^Too many signups from your connection\. Please wait a minute and try again\. You can try again at \d\d:\d\d\.$/,
    );
    await expect(section.getByLabel("Your Name")).toHaveValue("Limited Person");
    await expect(section.getByLabel("Business Email")).toHaveValue(`limited.${run}@example.com`);
    await expect(section.getByRole("combobox", { name: "Business Type" })).toHaveText("Handyman");
    await expect(section.getByRole("button", { name: "Join the Waiting List" })).toBeVisible();
  });

  test("the API: 201 with only a message, repeat and honeypot answered alike, count cacheable by a CDN", async ({
    request,
  }) => {
    const countOf = async () => ((await (await request.get("/api/waitlist/count")).json()) as { count: number }).count;
    const counted = await request.get("/api/waitlist/count");
    expect(counted.status()).toBe(200);
    expect(counted.headers()["cache-control"]).toMatch(/public.*s-maxage=\d+.*stale-while-revalidate=\d+/);
    const before = await countOf();

    const body = {
      name: "Api Person",
      email: `api.${run}@example.com`,
      businessType: "tutoring",
      employees: "6-10",
      agreedToTerms: true,
    };
    // With a proof, as the form sends it: counted at once (the repeat and the bot below need none).
    const first = await request.post("/api/waitlist", {
      headers: { "X-Forwarded-For": freshClientAddress(), "Accept-Encoding": "gzip" },
      data: { ...body, altcha: await solvedProof(request) },
    });
    // An answer this small goes out as it is: gzipped it would be no smaller, and cost a zlib stream.
    expect(first.headers()["content-encoding"]).toBeUndefined();
    expect(first.headers()["cache-control"]).toBe("no-store, no-transform");
    const again = await request.post("/api/waitlist", {
      headers: { "X-Forwarded-For": freshClientAddress() },
      data: { ...body, email: body.email.toUpperCase() },
    });
    const bot = await request.post("/api/waitlist", {
      headers: { "X-Forwarded-For": freshClientAddress() },
      data: { ...body, email: `bot.${run}@example.com`, website: "http://spam" },
    });
    expect([first.status(), again.status(), bot.status()]).toEqual([201, 201, 201]);
    const texts = await Promise.all([first.text(), again.text(), bot.text()]);
    expect(new Set(texts).size).toBe(1);
    expect(Object.keys(JSON.parse(texts[0]!) as object)).toEqual(["message"]);
    expect(await countOf()).toBe(before + 1);

    const invalid = await request.post("/api/waitlist", {
      headers: { "X-Forwarded-For": freshClientAddress() },
      data: { ...body, agreedToTerms: false },
    });
    expect(invalid.status()).toBe(400);
    expect(await invalid.json()).toMatchObject({ errors: { agreedToTerms: ["You must agree to the terms"] } });
    expect((await request.get("/api/waitlist")).status()).toBe(405);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test("after joining, the panel that replaces the form is in view below the sticky header, naming the address", async ({
    page,
  }) => {
    const section = await openSection(page, freshClientAddress());
    const email = `phone.${run}@example.com`;
    await section.getByLabel("Your Name").fill("Pat Phone");
    await section.getByLabel("Business Email").fill(email);
    await section.getByRole("combobox", { name: "Business Type" }).click();
    await page.getByRole("option", { name: "Beauty & wellness" }).click();
    await section.getByRole("combobox", { name: "Number of Employees" }).click();
    await page.getByRole("option", { name: "Just me" }).click();
    await section.getByRole("checkbox", { name: /I agree/ }).click();
    await section.getByRole("button", { name: "Join the Waiting List" }).click();

    const panel = section.getByTestId("waitlist-success");
    await expect(panel).toBeVisible();
    await expect(section.getByTestId("confirmation-address")).toHaveText(`We've sent a confirmation link to ${email}.`);
    const headerBottom = await page.getByRole("banner").evaluate((header) => header.getBoundingClientRect().bottom);
    // Scrolling may be smooth: wait for the panel's top to settle between the header and the middle of the screen.
    const panelTop = () => panel.evaluate((element) => Math.round(element.getBoundingClientRect().top));
    const settled = async () => {
      const top = await panelTop();
      return top >= headerBottom - 1 && top < 667 / 2;
    };
    await expect.poll(settled, { timeout: 5_000 }).toBe(true);
    await axe(page);
  });
});
