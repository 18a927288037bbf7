import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import type { ParsedMail } from "mailparser";

import { earlyAccessNextSteps } from "@/content/email-links";
import { signInAsAdmin } from "@/e2e/support/admin";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { freshClientAddress } from "@/e2e/support/client-address";
import { mailboxForTheseTests, recipientOf } from "@/e2e/support/mailbox";
import { solvedProof } from "@/e2e/support/signup";
import { listCell } from "@/e2e/support/waitlist-list";
import { linksIn } from "@/test/smtp";

// A real SMTP server on the port the main server sends to: every confirmation email of these tests lands here.
const run = Date.now().toString(36);
const mailbox = mailboxForTheseTests();

/** The first email to an address (with a subject starting so, when given). */
const mailTo = (address: string, timeoutMs?: number, subject?: string) =>
  mailbox.mailTo(address, { subject, timeoutMs });

/** The invitation email to an address (it got a confirmation email first). */
const invitationTo = (address: string) => mailTo(address, 20_000, "Your invitation");

/** A link from an email, on this test's server (the email's links are absolute, on NEXT_PUBLIC_SITE_URL). */
const linkOf = (mail: ParsedMail, path: string) => {
  const link = linksIn(mail).find((candidate) => candidate.includes(path));
  if (!link) throw new Error(`no ${path} link in the email`);
  return link;
};

async function signUp(request: APIRequestContext, email: string, name = "Casey Confirm") {
  const response = await request.post("/api/waitlist", {
    headers: { "X-Forwarded-For": freshClientAddress() },
    data: {
      name,
      email,
      businessType: "cleaning",
      employees: "2-5",
      agreedToTerms: true,
      altcha: await solvedProof(request),
    },
  });
  expect(response.status()).toBe(201);
}

async function adminSearch(request: APIRequestContext, q: string) {
  const response = await request.get(`/api/admin/waitlist?q=${encodeURIComponent(q)}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    entries: { email: string; confirmedAt: string | null; status: string; acceptedAt: string | null }[];
    total: number;
  };
}

/** The one entry with this address, as the admin API shows it. */
async function adminEntry(request: APIRequestContext, email: string) {
  const { entries } = await adminSearch(request, email);
  expect(entries).toHaveLength(1);
  return entries[0]!;
}

/** What a mail scanner does with every link in a message: a HEAD and a GET, following redirects. Each answers 200. */
async function scanLink(request: APIRequestContext, link: string) {
  for (const response of [await request.head(link), await request.get(link)]) expect(response.status()).toBe(200);
}

/** Confirms a place as the confirmation page's form does, by posting its link's token (the page itself only asks). */
async function confirmByLink(request: APIRequestContext, link: string) {
  const token = new URL(link).searchParams.get("token")!;
  const response = await request.post(`/api/waitlist/confirm?token=${encodeURIComponent(token)}`);
  expect(await response.json()).toEqual({ status: "confirmed", message: "Your place is confirmed" });
}

/**
 * A browser context whose pages never send a form by script: the pages the links in emails open then stay
 * on their one step (its button) for a test to look at, as they do for a person whose browser stopped it.
 */
async function contextWithoutAutoSubmit(browser: Browser) {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    HTMLFormElement.prototype.requestSubmit = () => undefined;
  });
  return context;
}

// An email preview is shown in an empty sandbox, where nothing (axe included) can run: it is the email's HTML,
// not the page's.
const OUTSIDE_EMAIL_PREVIEWS = { exclude: 'iframe[sandbox=""]' };

test.describe("email", () => {
  test("a visitor signs up in the browser, gets the confirmation email, opens its link and is marked confirmed", async ({
    page,
    browser,
  }) => {
    const email = `casey.${run}@example.com`;
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": freshClientAddress() });
    await page.goto("/#join-waitlist");
    const section = page.locator("section#join-waitlist");
    await section.locator("form[data-enhanced]").waitFor();
    await section.getByLabel("Your Name").fill("Casey Confirm");
    await section.getByLabel("Business Email").fill(email);
    await section.getByRole("combobox", { name: "Business Type" }).click();
    await page.getByRole("option", { name: "Cleaning" }).click();
    await section.getByRole("combobox", { name: "Number of Employees" }).click();
    await page.getByRole("option", { name: "2-5" }).click();
    await section.getByRole("checkbox", { name: /I agree/ }).click();
    await section.getByRole("button", { name: "Join the Waiting List" }).click();
    await expect(section.getByRole("button", { name: "Add another business" })).toBeVisible();

    const mail = await mailTo(email);
    expect(mail.subject).toBe("Confirm your place on the Otto waiting list");
    expect(mail.html).toContain("Confirm my place");

    // A mail scanner opening the link (HEAD, GET) confirms nothing.
    const confirmLink = linkOf(mail, "/waitlist/confirm?token=");
    await scanLink(page.request, confirmLink);
    await signInAsAdmin(page.request);
    expect((await adminEntry(page.request, email)).confirmedAt).toBeNull();

    // The person opening it has nothing to do: the page sends its form itself and shows the result.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    const steps: string[] = [];
    visitor.on("request", (sent) => {
      if (sent.isNavigationRequest()) steps.push(`${sent.method()} ${new URL(sent.url()).pathname}`);
    });
    await visitor.goto(confirmLink);
    await expect(visitor.getByRole("heading", { level: 1, name: "Your place is confirmed" })).toBeVisible();
    expect(steps).toEqual(["GET /waitlist/confirm", "POST /api/waitlist/confirm", "GET /waitlist/confirm"]);
    await expect(visitor.getByText("Thanks, Casey Confirm.")).toBeVisible();
    await expectNoAxeViolations(visitor, OUTSIDE_EMAIL_PREVIEWS);
    expect((await adminEntry(page.request, email)).confirmedAt).not.toBeNull();
    // The link works once; opened again it says so kindly.
    await visitor.goto(confirmLink);
    await expect(visitor.getByRole("heading", { level: 1, name: "Your place is already confirmed" })).toBeVisible();
    // A broken link offers a new one, with the same answer whoever asks.
    await visitor.goto("/waitlist/confirm?token=not-a-real-token");
    await expect(
      visitor.getByRole("heading", { level: 1, name: "This link has expired or was already used" }),
    ).toBeVisible();
    await visitor.getByLabel("Your email").fill(`nobody.${run}@example.com`);
    await visitor.getByRole("button", { name: "Send me a new link" }).click();
    await expect(visitor.getByRole("status").filter({ hasText: "a new link is on its way" })).toBeVisible();
    await expectNoAxeViolations(visitor, OUTSIDE_EMAIL_PREVIEWS);
    await visitorContext.close();

    await page.goto(`/admin?q=${encodeURIComponent(email)}`);
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row.getByText("Confirmed", { exact: true })).toBeVisible();
    await page.getByRole("combobox", { name: "Confirmed" }).selectOption({ label: "Not confirmed" });
    await expect(page).toHaveURL(/confirmed=no/);
    await expect(page.getByText("No entries match your search")).toBeVisible();

    // The outbox shows the message as sent, and opens it.
    await page.goto("/admin/emails");
    const sent = page
      .getByTestId("email-row")
      .filter({ hasText: email })
      .filter({ hasText: "Confirm your place on the Otto waiting list" });
    await expect(sent.getByText("Sent", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, OUTSIDE_EMAIL_PREVIEWS);
    await sent.getByRole("link", { name: "Confirm your place on the Otto waiting list" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Confirm your place on the Otto waiting list" }),
    ).toBeVisible();
    await expect(page.frameLocator("iframe").getByText("Confirm my place")).toBeVisible();
  });

  test('confirming brings the "you\'re confirmed" email, with the status page and the way off the list, and it fits a 320 px phone', async ({
    page,
    request,
    browser,
  }) => {
    const email = `welcome.${run}@example.com`;
    await signUp(request, email, "Wren Welcome");
    const confirmation = await mailTo(email, 20_000, "Confirm your place");
    await confirmByLink(request, linkOf(confirmation, "/waitlist/confirm?token="));

    const mail = await mailTo(email, 20_000, "You're confirmed");
    expect(mail.subject).toBe("You're confirmed on the Otto waiting list");
    expect(mail.text).toMatch(/you're confirmed, wren welcome/i);
    const unsubscribe = mail.headerLines.find((line) => line.key === "list-unsubscribe")!.line;
    const leaveUrl = /<([^>]+)>/.exec(unsubscribe)![1]!;
    expect(leaveUrl).toBe(linkOf(mail, "/waitlist/leave?token="));
    // Exactly one, however often the link is used.
    await request.post(
      `/api/waitlist/confirm?token=${new URL(linkOf(confirmation, "/confirm?")).searchParams.get("token")}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(mailbox.messages.filter((message) => recipientOf(message) === email)).toHaveLength(2);

    // Its button opens the person's own status page.
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(linkOf(mail, "/waitlist/status?token="));
    await expect(
      visitor.getByRole("heading", { level: 1, name: "Your place on the Otto waiting list, Wren Welcome" }),
    ).toBeVisible();
    await expectNoAxeViolations(visitor);
    // Both emails, as they came through SMTP, laid out on a 320 px phone: nothing scrolls sideways.
    await visitor.setViewportSize({ width: 320, height: 640 });
    for (const received of [confirmation, mail]) {
      await visitor.setContent(received.html as string);
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
    }
    await context.close();

    // The team's outbox names it plainly.
    await signInAsAdmin(page.request);
    await page.goto("/admin/emails");
    const row = page.getByTestId("email-row").filter({ hasText: email }).filter({ hasText: "You're confirmed" });
    await expect(row.getByText("“You're confirmed” email")).toBeVisible();
    await expectNoAxeViolations(page, OUTSIDE_EMAIL_PREVIEWS);
    await row.getByRole("link", { name: "You're confirmed on the Otto waiting list" }).click();
    await expect(page.getByText("“You're confirmed” email")).toBeVisible();
    await expect(page.frameLocator("iframe").getByText("See your place")).toBeVisible();
  });

  test("one click on the email's List-Unsubscribe URL erases the entry; the leave page asks before it erases", async ({
    page,
    request,
  }) => {
    const first = `leaver.${run}@example.com`;
    const second = `leaver2.${run}@example.com`;
    await signUp(request, first, "Lee Leaver");
    await signUp(request, second, "Lou Leaver");
    const count = async () =>
      ((await (await request.get(`/api/waitlist/count?fresh=${Date.now()}`)).json()) as { count: number }).count;

    // A mail client's one-click POST, to the URL in the List-Unsubscribe header.
    const mail = await mailTo(first);
    const header = mail.headerLines.find((line) => line.key === "list-unsubscribe")!.line;
    const leaveUrl = /<([^>]+)>/.exec(header)![1]!;
    expect(leaveUrl).toBe(linkOf(mail, "/waitlist/leave?token="));
    const before = await count();
    const response = await request.post(leaveUrl, { form: { "List-Unsubscribe": "One-Click" } });
    expect(response.status()).toBe(200);
    await signInAsAdmin(page.request);
    expect((await adminSearch(page.request, first)).total).toBe(0);
    await expect.poll(count).toBe(before - 1);

    // A person: opening the link only asks; the button erases and says so.
    const secondMail = await mailTo(second);
    await page.goto(linkOf(secondMail, "/waitlist/leave?token="));
    await expect(page.getByRole("heading", { level: 1, name: "Leave the Otto waiting list?" })).toBeVisible();
    expect((await adminSearch(page.request, second)).total).toBe(1);
    await expectNoAxeViolations(page, OUTSIDE_EMAIL_PREVIEWS);
    await page.getByRole("button", { name: "Remove me" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "You have left the waiting list" })).toBeVisible();
    expect((await adminSearch(page.request, second)).total).toBe(0);
    // The link now names nobody.
    await page.goto(linkOf(secondMail, "/waitlist/leave?token="));
    await expect(page.getByRole("heading", { level: 1, name: "This link no longer works" })).toBeVisible();
  });

  test("the pages the links in emails open keep their token to themselves: no Referer, with or without scripts", async ({
    request,
    browser,
  }) => {
    const email = `private.${run}@example.com`;
    await signUp(request, email, "Pia Private");
    const mail = await mailTo(email);
    const confirmLink = linkOf(mail, "/waitlist/confirm?token=");
    const leaveLink = linkOf(mail, "/waitlist/leave?token=");
    const token = new URL(confirmLink).searchParams.get("token")!;

    // Each page a token opens, and each answer to the forms they post, says so to the browser and to any CDN.
    for (const path of [
      confirmLink,
      "/waitlist/confirm?token=not-a-real-token",
      leaveLink,
      "/waitlist/leave?done=1",
      `/early-access?token=${"0".repeat(64)}`,
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["referrer-policy"], path).toBe("no-referrer");
    }
    for (const path of ["/api/waitlist/confirm", "/api/waitlist/accept", "/api/waitlist/leave"]) {
      const response = await request.post(`${path}?token=${"0".repeat(64)}`, {
        headers: { Accept: "text/html" },
        form: { "List-Unsubscribe": "One-Click" },
        maxRedirects: 0,
      });
      expect(response.status(), path).toBe(303);
      expect(response.headers()["referrer-policy"], path).toBe("no-referrer");
    }
    // Every other page keeps the site's policy.
    expect((await request.get("/privacy")).headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");

    // The one step, as it shows until it is sent: keyboard- and axe-clean.
    const looking = await contextWithoutAutoSubmit(browser);
    const looker = await looking.newPage();
    await looker.goto(confirmLink);
    await expect(looker.getByRole("heading", { level: 1, name: "Confirm your place" })).toBeVisible();
    await expect(looker.getByText("One last step, Pia Private")).toBeVisible();
    await expectNoAxeViolations(looker, OUTSIDE_EMAIL_PREVIEWS);
    await looking.close();

    // A browser without scripts: the page asks, its button confirms, and no request on the way carries a Referer.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const visitor = await context.newPage();
    const referers: string[] = [];
    visitor.on("request", async (sent) => {
      // A request still starting as the context closes at the end can no longer be read; every request of
      // the steps below has been read by then.
      const headers = await sent.allHeaders().catch(() => ({}) as Record<string, string>);
      const referer = headers["referer"];
      if (referer?.includes("token")) referers.push(`${sent.url()} <- ${referer}`);
    });
    await visitor.goto(confirmLink);
    await expect(visitor.getByRole("heading", { level: 1, name: "Confirm your place" })).toBeVisible();
    await visitor.getByRole("button", { name: "Confirm my place" }).focus();
    await visitor.keyboard.press("Enter");
    await expect(visitor.getByRole("heading", { level: 1, name: "Your place is confirmed" })).toBeVisible();
    await expect(visitor).toHaveURL(new RegExp(`/waitlist/confirm\\?token=${token}&done=1$`));
    await visitor.getByRole("link", { name: "Back to Otto" }).click();
    await expect(visitor).toHaveURL(/\/$/);
    expect(await visitor.evaluate(() => document.referrer)).toBe("");
    expect(referers).toEqual([]);
    await context.close();
  });

  test("with the mail server down, the message waits in the outbox and arrives from the sweep once it is back", async ({
    request,
    page,
  }) => {
    // Once the server is back, the sweep also delivers what the run's other specs queued while nothing listened
    // (their emails wait and retry too), paced as ever: this message can come after hundreds of those.
    test.setTimeout(150_000);
    await mailbox.stop();
    const email = `patient.${run}@example.com`;
    await signUp(request, email, "Pat Patient");
    await signInAsAdmin(page.request);
    // The attempt right after the response fails; the outbox says so.
    await expect
      .poll(async () => {
        await page.goto("/admin/emails");
        return page.getByTestId("email-row").filter({ hasText: email }).textContent();
      })
      .toMatch(/Waiting to send.*ECONNREFUSED/);

    await mailbox.restart();
    const mail = await mailTo(email, 100_000);
    expect(mail.subject).toBe("Confirm your place on the Otto waiting list");
    await page.goto("/admin/emails");
    await expect(
      page.getByTestId("email-row").filter({ hasText: email }).getByText("Sent", { exact: true }),
    ).toBeVisible();
  });
  test("an admin filters to one business type, invites the next 3 confirmed entries, and the list follows their invitations", async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    // Six signups of this run, oldest first: an unconfirmed tutor, four confirmed tutors and a confirmed cleaner.
    const tag = `inv${run}`;
    const person = (index: number) => ({ name: `Ivy ${tag} ${index}`, email: `${tag}.${index}@example.com` });
    const [unconfirmed, first, second, third, fourth, cleaner] = [
      person(0),
      person(1),
      person(2),
      person(3),
      person(4),
      person(5),
    ];
    const people = [unconfirmed, first, second, third, fourth, cleaner];
    for (const entry of people) {
      const response = await request.post("/api/waitlist", {
        headers: { "X-Forwarded-For": freshClientAddress() },
        data: {
          ...entry,
          businessType: entry === cleaner ? "cleaning" : "tutoring",
          employees: "1",
          agreedToTerms: true,
          altcha: await solvedProof(request),
        },
      });
      expect(response.status()).toBe(201);
    }
    for (const entry of people.slice(1))
      await confirmByLink(request, linkOf(await mailTo(entry.email), "/waitlist/confirm?token="));

    await signInAsAdmin(page.request);
    await page.goto(`/admin?q=${tag}`);
    await page.getByRole("combobox", { name: "Business type" }).selectOption({ label: "Tutoring" });
    await expect(page).toHaveURL(/type=tutoring/);
    await expect(page.getByRole("status").filter({ hasText: /^Showing/ })).toHaveText(
      "Showing 1–5 of 5 matching entries",
    );

    await page.getByRole("button", { name: "Invite the next…" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite the next in the queue" });
    await dialog.getByLabel("How many").fill("3");
    await expect(dialog.getByRole("status")).toHaveText(
      "3 people will be invited. Entries already invited or accepted are skipped.",
    );
    // The preview greets the first of them: the oldest confirmed tutor, not the unconfirmed one.
    const preview = dialog.frameLocator("iframe");
    await expect(preview.getByText(`It's your turn, ${first.name}`)).toBeVisible();
    await dialog.getByLabel("Personal note (optional)").fill("Looking forward to hearing how your lessons go.");
    await expect(preview.getByText("Looking forward to hearing how your lessons go.")).toBeVisible();
    await expectNoAxeViolations(page, OUTSIDE_EMAIL_PREVIEWS);
    await dialog.getByRole("button", { name: "Invite 3 people" }).click();
    await expect(page.getByText("Invited 3 people")).toBeVisible();

    // The real SMTP server receives exactly those three invitations, with the note.
    const invitations = await Promise.all([first, second, third].map((entry) => invitationTo(entry.email)));
    for (const mail of invitations) {
      expect(mail.subject).toBe("Your invitation to Otto is here");
      expect(mail.text).toContain("Looking forward to hearing how your lessons go.");
    }
    expect(
      mailbox.messages.filter(
        (mail) =>
          mail.subject?.startsWith("Your invitation") &&
          [unconfirmed, fourth].some((entry) => recipientOf(mail) === entry.email),
      ),
    ).toEqual([]);

    // A mail scanner opening an invitation link (HEAD, GET) accepts nothing.
    const acceptLink = linkOf(invitations[0]!, "/early-access?token=");
    await scanLink(request, acceptLink);
    expect(await adminEntry(page.request, first.email)).toMatchObject({ status: "invited", acceptedAt: null });

    // The person: the page sends its form itself and welcomes them.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(acceptLink);
    await expect(
      visitor.getByRole("heading", { level: 1, name: `Welcome to early access, ${first.name}` }),
    ).toBeVisible();
    // Its promises are the configured ones (config/site.ts), as the team will keep them.
    await expect(visitor.locator("ol").getByRole("listitem")).toHaveText(earlyAccessNextSteps());
    await expectNoAxeViolations(visitor, OUTSIDE_EMAIL_PREVIEWS);
    await visitorContext.close();
    expect(await adminEntry(page.request, first.email)).toMatchObject({
      status: "accepted",
      acceptedAt: expect.any(String),
    });

    // Where the page's own script does not send the step, it asks, and one press of its button accepts.
    const secondLink = linkOf(invitations[1]!, "/early-access?token=");
    const stopped = await contextWithoutAutoSubmit(browser);
    const reader = await stopped.newPage();
    await reader.goto(secondLink);
    await expect(
      reader.getByRole("heading", { level: 1, name: `You're invited to early access, ${second.name}` }),
    ).toBeVisible();
    await expectNoAxeViolations(reader, OUTSIDE_EMAIL_PREVIEWS);
    expect(await adminEntry(page.request, second.email)).toMatchObject({ status: "invited", acceptedAt: null });
    await reader.getByRole("button", { name: "Accept my invitation" }).click();
    await expect(
      reader.getByRole("heading", { level: 1, name: `Welcome to early access, ${second.name}` }),
    ).toBeVisible();
    await stopped.close();

    await page.reload();
    const statusOf = (entry: { email: string }) =>
      listCell(page, page.getByRole("row").filter({ hasText: entry.email }), "Status");
    await expect(await statusOf(first)).toHaveText("Accepted");
    await expect(await statusOf(second)).toHaveText("Accepted");
    await expect(await statusOf(third)).toHaveText("Invited");
    await expect(await statusOf(fourth)).toHaveText("Waiting");
    await expect(await statusOf(unconfirmed)).toHaveText("Waiting");
    await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Invited" });
    await expect(page.getByRole("status").filter({ hasText: /^Showing/ })).toHaveText(
      "Showing 1–1 of 1 matching entries",
    );
    await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Accepted" });
    await expect(page.getByRole("status").filter({ hasText: /^Showing/ })).toHaveText(
      "Showing 1–2 of 2 matching entries",
    );

    // Rows are chosen by keyboard too: Space on a row's checkbox, then the chosen ones are invited.
    await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Waiting" });
    await expect(page.getByRole("status").filter({ hasText: /^Showing/ })).toHaveText(
      "Showing 1–2 of 2 matching entries",
    );
    await expect(page.getByRole("checkbox", { name: `Select ${unconfirmed.name}` })).toBeEnabled();
    await page.getByRole("checkbox", { name: `Select ${unconfirmed.name}` }).focus();
    await page.keyboard.press("Space");
    await expect(page.getByText("1 selected on this page.")).toBeVisible();
    await expectNoAxeViolations(page, OUTSIDE_EMAIL_PREVIEWS);
    await page.getByRole("button", { name: "Invite selected" }).click();
    const selected = page.getByRole("dialog", { name: "Invite the selected entries" });
    // They never confirmed: left out unless the team ticks them in.
    await expect(selected.getByRole("status")).toHaveText(
      "No one to invite while those who never confirmed are left out.",
    );
    await expect(selected.getByTestId("unconfirmed")).toContainText(
      "1 of them never confirmed their email address, and will be left out.",
    );
    await selected.getByRole("checkbox", { name: "Invite the one who never confirmed too" }).check();
    await expect(selected.getByRole("status")).toHaveText(
      "1 person will be invited. Entries already invited or accepted are skipped.",
    );
    await selected.getByRole("button", { name: "Invite 1 person" }).click();
    await expect(page.getByText("Invited 1 person")).toBeVisible();
    await invitationTo(unconfirmed.email);
    await expect(await statusOf(fourth)).toHaveText("Waiting");
    await expect(page.getByRole("row").filter({ hasText: unconfirmed.email })).toHaveCount(0);
  });
});
