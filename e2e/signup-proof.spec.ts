import { expect, test, type APIRequestContext } from "@playwright/test";

import { signInAsAdmin } from "@/e2e/support/admin";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { freshClientAddress } from "@/e2e/support/client-address";
import { mailboxForTheseTests } from "@/e2e/support/mailbox";
import { solvedProof } from "@/e2e/support/signup";

// The signup's proof of work, end to end: the form works it out in the background, an API client solves it
// with altcha-lib, and a signup without one is held (the server runs with SIGNUP_CHALLENGE unset: "hold").
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

const mailbox = mailboxForTheseTests();

const mailsTo = (address: string) => mailbox.to(address);

async function count(request: APIRequestContext): Promise<number> {
  const response = await request.get(`/api/waitlist/count?fresh=${Date.now()}`);
  return ((await response.json()) as { count: number }).count;
}

interface AdminEntry {
  id: number;
  email: string;
  heldAt: string | null;
  heldReason: string | null;
}

async function adminEntry(request: APIRequestContext, email: string): Promise<AdminEntry | undefined> {
  const response = await request.get(`/api/admin/waitlist?q=${encodeURIComponent(email)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { entries: AdminEntry[] }).entries.find((entry) => entry.email === email);
}

const person = (email: string) => ({
  name: "Pat Proof",
  email,
  businessType: "cleaning",
  employees: "2-5",
  agreedToTerms: true,
});

test.describe("the signup's proof of work", () => {
  test("a person fills the form by mouse and keyboard and is never asked anything; the proof is worked out in the background and the confirmation email arrives", async ({
    page,
  }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": freshClientAddress() });
    const challenges: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/waitlist/challenge") challenges.push(request.url());
    });
    // The altcha solver's own script, told by a message only it carries.
    const solverScripts: string[] = [];
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      const body = await response.text().catch(() => "");
      if (body.includes("WebAssembly is not supported in this environment")) solverScripts.push(response.url());
    });
    await page.goto("/#join-waitlist");
    const section = page.locator("section#join-waitlist");
    await section.locator("form[data-enhanced]").waitFor();
    // Nothing is asked of the server, and the solver is not loaded, until someone starts on the form.
    await page.waitForLoadState("networkidle");
    expect(challenges).toEqual([]);
    expect(solverScripts).toEqual([]);

    const address = `pat.${run}@example.com`;
    await section.getByLabel("Your Name").click();
    await page.keyboard.type("Pat Proof");
    await expect.poll(() => challenges.length).toBe(1);
    await expect.poll(() => solverScripts.length).toBe(1);
    await section.getByLabel("Business Email").fill(address);
    await section.getByRole("combobox", { name: "Business Type" }).click();
    await page.getByRole("option", { name: "Cleaning" }).click();
    await section.getByRole("combobox", { name: "Number of Employees" }).click();
    await page.getByRole("option", { name: "2-5" }).click();
    await section.getByRole("checkbox", { name: /I agree to receive emails about the product/ }).check();
    // No puzzle, no checkbox of the challenge's own, no extra step anywhere on the form.
    await expect(section.getByRole("checkbox")).toHaveCount(1);
    await expect(section.locator("altcha-widget, iframe")).toHaveCount(0);
    await section.getByRole("button", { name: "Join the Waiting List" }).click();

    await expect(section.getByRole("heading", { level: 3, name: "You're on the list!" })).toBeVisible();
    await expect.poll(() => mailsTo(address).length, { timeout: 20_000 }).toBe(1);
    expect(mailsTo(address)[0]!.subject).toBe("Confirm your place on the Otto waiting list");
    await signInAsAdmin(page.request);
    expect(await adminEntry(page.request, address)).toMatchObject({ heldAt: null, heldReason: null });
    // One challenge for the one signup.
    expect(challenges).toHaveLength(1);
  });

  test("an API signup without a proof is answered like any other but held: no email, no count, listed as Held, until released", async ({
    request,
  }) => {
    const address = `held.${run}@example.com`;
    const before = await count(request);
    const held = await request.post("/api/waitlist", {
      headers: { "X-Forwarded-For": freshClientAddress() },
      data: person(address),
    });
    const proven = await request.post("/api/waitlist", {
      headers: { "X-Forwarded-For": freshClientAddress() },
      data: { ...person(`proven.${run}@example.com`), altcha: await solvedProof(request) },
    });
    expect([held.status(), proven.status()]).toEqual([201, 201]);
    expect(await held.text()).toBe(await proven.text());

    // The proven one's email comes; ten seconds on, still nothing for the held one.
    await expect.poll(() => mailsTo(`proven.${run}@example.com`).length, { timeout: 20_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    expect(mailsTo(address)).toEqual([]);
    expect(await count(request)).toBe(before + 1);

    await signInAsAdmin(request);
    const entry = await adminEntry(request, address);
    expect(entry).toMatchObject({ heldAt: expect.any(String), heldReason: "missing" });
    const released = await request.post("/api/admin/waitlist/held", { data: { action: "release", ids: [entry!.id] } });
    expect(await released.json()).toEqual({ released: 1 });
    await expect.poll(() => mailsTo(address).length, { timeout: 20_000 }).toBe(1);
    expect(await count(request)).toBe(before + 2);
    expect(await adminEntry(request, address)).toMatchObject({ heldAt: null, heldReason: null });
  });

  test("a proof solved with altcha-lib works once: the same proof again is refused, and that signup held", async ({
    request,
  }) => {
    const proof = await solvedProof(request);
    const first = `once.${run}@example.com`;
    const second = `twice.${run}@example.com`;
    for (const email of [first, second]) {
      const response = await request.post("/api/waitlist", {
        headers: { "X-Forwarded-For": freshClientAddress() },
        data: { ...person(email), altcha: proof },
      });
      expect(response.status()).toBe(201);
    }
    await expect.poll(() => mailsTo(first).length, { timeout: 20_000 }).toBe(1);
    await signInAsAdmin(request);
    expect(await adminEntry(request, first)).toMatchObject({ heldAt: null });
    expect(await adminEntry(request, second)).toMatchObject({ heldAt: expect.any(String), heldReason: "replayed" });
  });

  test("the overview says how many of the period's signups are held, linking to them", async ({ page }) => {
    const held = await page.request.post("/api/waitlist", {
      headers: { "X-Forwarded-For": freshClientAddress() },
      data: person(`overview.${run}@example.com`),
    });
    expect(held.status()).toBe(201);
    await signInAsAdmin(page.request);
    await page.goto("/admin/overview");
    const link = page
      .getByRole("region", { name: "Signups" })
      .getByRole("link", { name: /^[\d,]+ more held for review$/ });
    await expect(link).toHaveAttribute("href", "/admin?held=yes");
    await expectNoAxeViolations(page);
    await link.click();
    await expect(page).toHaveURL(/\/admin\?held=yes$/);
  });

  test("a disposable address gets the field message and is not stored; gmail.com and fastmail.com pass", async ({
    request,
  }) => {
    const disposable = await request.post("/api/waitlist", {
      headers: { "X-Forwarded-For": freshClientAddress() },
      data: { ...person(`throwaway.${run}@mailinator.com`), altcha: await solvedProof(request) },
    });
    expect(disposable.status()).toBe(400);
    expect(await disposable.json()).toMatchObject({ errors: { email: ["Please use a permanent email address."] } });
    for (const domain of ["gmail.com", "fastmail.com"]) {
      const response = await request.post("/api/waitlist", {
        headers: { "X-Forwarded-For": freshClientAddress() },
        data: { ...person(`real.${run}@${domain}`), altcha: await solvedProof(request) },
      });
      expect(response.status()).toBe(201);
    }
    await signInAsAdmin(request);
    expect(await adminEntry(request, `throwaway.${run}@mailinator.com`)).toBeUndefined();
    expect(await adminEntry(request, `real.${run}@gmail.com`)).toMatchObject({ heldAt: null });
    expect(await adminEntry(request, `real.${run}@fastmail.com`)).toMatchObject({ heldAt: null });
  });
});
