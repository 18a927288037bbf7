import { renderToStaticMarkup } from "react-dom/server";

import { POST as CONFIRM } from "@/app/api/waitlist/confirm/route";
import { POST } from "@/app/api/waitlist/route";
import ConfirmPage from "@/app/waitlist/confirm/page";
import StatusPage from "@/app/waitlist/status/page";
import { aboutPerWeek } from "@/lib/data/waitlist/line";
import { getDb } from "@/lib/db";
import { prepareTestDatabase, resetDatabase } from "@/test/db";
import { tokenFromQueuedEmail } from "@/test/email-links";

prepareTestDatabase();
beforeEach(() => resetDatabase());

const SITE = "http://localhost";
let ipCounter = 0;
const freshIp = () => `192.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const valid = { name: "Ann Smith", businessType: "cleaning", employees: "2-5", agreedToTerms: true };

/** A signup as the scripted form sends it. */
const signUp = (body: Record<string, unknown>, ip = freshIp()) =>
  POST(
    new Request(`${SITE}/api/waitlist`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify({ ...valid, ...body }),
    }),
    undefined,
  );

/** The same signup as the plain form posts it from the landing page (no scripts). */
const postForm = (fields: Record<string, string>) =>
  POST(
    new Request(`${SITE}/api/waitlist`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: SITE,
        "sec-fetch-site": "same-origin",
        "x-forwarded-for": freshIp(),
      },
      body: new URLSearchParams({
        name: "Bo Lind",
        businessType: "cleaning",
        employees: "2-5",
        agreedToTerms: "on",
        ...fields,
      }).toString(),
    }),
    undefined,
  );

const entryOf = (email: string) => getDb().waitlistEntry.findUniqueOrThrow({ where: { email } });

/** Confirms an entry through its emailed link, as the browser does, and returns the status page's token. */
async function confirmByEmail(email: string): Promise<string> {
  const entry = await entryOf(email);
  const token = await tokenFromQueuedEmail(entry.id, "confirmUrl");
  const response = await CONFIRM(
    new Request(`${SITE}/api/waitlist/confirm?token=${token}`, {
      method: "POST",
      headers: { accept: "text/html", origin: "null", "sec-fetch-site": "same-origin" },
      body: "",
    }),
    undefined,
  );
  expect(response.status).toBe(303);
  const page = renderToStaticMarkup(await ConfirmPage({ searchParams: Promise.resolve({ token, done: "1" }) }));
  const link = /href="\/waitlist\/status\?token=([^"]+)"/.exec(page);
  expect(link).not.toBeNull();
  return decodeURIComponent(link![1]!);
}

const statusPage = async (token: string | string[] | undefined) =>
  renderToStaticMarkup(await StatusPage({ searchParams: Promise.resolve({ token }) }));

describe(`the status page and referral links (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("links from the confirmation page to a status page with the place, the personal link, share links, the rule and the leave link", async () => {
    expect((await signUp({ email: "ann@example.com" })).status).toBe(201);
    const token = await confirmByEmail("ann@example.com");
    const html = await statusPage(token);
    const { referralCode } = await entryOf("ann@example.com");
    expect(html).toContain("You&#x27;re #1 of 1");
    expect(html).toContain(`value="http://localhost:3000/?ref=${referralCode}"`);
    expect(html).toContain("No friends have joined through your link yet.");
    expect(html).toContain('href="https://wa.me/?text=');
    expect(html).toContain('href="https://x.com/intent/post?text=');
    expect(html).toContain(
      `href="https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(`http://localhost:3000/?ref=${referralCode}`)}"`,
    );
    expect(html).toContain('href="mailto:?subject=');
    expect(html).toContain("moves you past as many as 10 people, for up to 10 friends.");
    expect(html).toContain(
      "A friend does not count when they sign up from the same network as you, with your own email address written another way, or past the daily limit (20 friends a day, and one a day from any one company&#x27;s email domain).",
    );
    expect(html).toContain(`href="/waitlist/leave?token=${token}"`);
    // The same link each time the confirmation page is opened.
    expect(await confirmByEmail("ann@example.com")).toBe(token);
  });

  it("counts friends who joined through the link, by the JSON API and the plain form alike", async () => {
    await signUp({ email: "ann@example.com" });
    const token = await confirmByEmail("ann@example.com");
    const { referralCode, id } = await entryOf("ann@example.com");
    expect((await signUp({ email: "bo@example.org", ref: referralCode.toUpperCase() })).status).toBe(201);
    expect((await postForm({ email: "cy@example.org", ref: referralCode })).status).toBe(201);
    expect((await postForm({ email: "di@example.org", ref: "" })).status).toBe(201);
    expect((await entryOf("bo@example.org")).referredById).toBe(id);
    expect((await entryOf("cy@example.org")).referredById).toBe(id);
    expect((await entryOf("di@example.org")).referredById).toBeNull();
    const html = await statusPage(token);
    expect(html).toContain("0 friends who joined through your link are credited.");
    expect(html).toContain("Friends who joined through your link (2)");
  });

  it("answers a malformed ref with a 400 and its message, an unknown one like any signup", async () => {
    for (const ref of ["abc", "0000000O", "<script>", 12345678, "a".repeat(200)]) {
      const response = await signUp({ email: "x@example.com", ref });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: expect.any(String) });
    }
    const unknown = await signUp({ email: "y@example.com", ref: "zzzzzzzz" });
    expect(unknown.status).toBe(201);
    expect(await unknown.json()).toEqual({ message: expect.any(String) });
    expect((await entryOf("y@example.com")).referredById).toBeNull();
  });

  it("says how far the person has come since confirming, what one more friend would do, and the pace of invitations", async () => {
    // Three people confirm before Ann, each from a network of their own (a shared one would withhold credit).
    for (const [index, email] of ["p1@example.com", "p2@example.com", "p3@example.com"].entries()) {
      expect((await signUp({ email }, `10.${index + 1}.0.1`)).status).toBe(201);
      await confirmByEmail(email);
    }
    expect((await signUp({ email: "ann@example.com" }, "10.50.0.1")).status).toBe(201);
    const token = await confirmByEmail("ann@example.com");
    const ann = await entryOf("ann@example.com");
    let html = await statusPage(token);
    expect(html).toContain("You&#x27;re #4 of 4");
    expect(html).not.toContain("Up from");
    // A friend moves her past as many as 10 people: the 3 ahead.
    expect(html).toContain("One more friend who joins through your link and confirms moves you up 3 places.");
    // Nobody was invited in the last four weeks: no pace to give.
    expect(html).not.toContain("inviting");
    // The "You're confirmed" email carries the place the confirmation gave.
    const confirmedEmail = await getDb().emailOutbox.findFirstOrThrow({
      where: { entryId: ann.id, kind: "confirmed" },
    });
    expect(confirmedEmail.payload).toMatchObject({ place: 4 });

    expect((await signUp({ email: "bo@example.org", ref: ann.referralCode }, "10.60.0.1")).status).toBe(201);
    await confirmByEmail("bo@example.org");
    html = await statusPage(token);
    expect(html).toContain("You&#x27;re #1 of 5");
    expect(html).toContain("Up from #4 when you confirmed.");
    // At the front, a friend has nobody left to pass.
    expect(html).not.toContain("One more friend");
    // Her email of the day says the same, with her link to share.
    const referralEmail = await getDb().emailOutbox.findFirstOrThrow({ where: { entryId: ann.id, kind: "referral" } });
    expect(referralEmail.payload).toMatchObject({
      place: 1,
      upFrom: 4,
      referralUrl: `http://localhost:3000/?ref=${ann.referralCode}`,
    });

    // Two invited this week, none before: about 1 a week over four weeks (2 / 4, rounded up to one person).
    await getDb().waitlistEntry.updateMany({
      where: { email: { in: ["p1@example.com", "p2@example.com"] } },
      data: { status: "invited", invitedAt: new Date() },
    });
    html = await statusPage(token);
    expect(html).toContain("We&#x27;re inviting about 1 a week.");
    // Invitations older than four weeks do not count.
    await getDb().waitlistEntry.updateMany({
      where: { email: { in: ["p1@example.com", "p2@example.com"] } },
      data: { invitedAt: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000) },
    });
    expect(await statusPage(token)).not.toContain("inviting");
  });

  it("rounds the weekly pace as a person would say it", () => {
    expect(aboutPerWeek(0)).toBeNull();
    expect(aboutPerWeek(1)).toBe(1);
    expect(aboutPerWeek(30)).toBe(8);
    expect(aboutPerWeek(97)).toBe(25);
    expect(aboutPerWeek(1_000)).toBe(250);
    expect(aboutPerWeek(5_321)).toBe(1_300);
  });

  it("shows a clear page for a missing, malformed or unknown token", async () => {
    for (const token of [undefined, "", "nope", ["a", "b"], "x".repeat(43)]) {
      const html = await statusPage(token);
      expect(html).toContain("This link does not work");
      expect(html).not.toContain("?ref=");
    }
  });
});
