import { renderToStaticMarkup } from "react-dom/server";

import { POST as CONFIRM } from "@/app/api/waitlist/confirm/route";
import { POST } from "@/app/api/waitlist/route";
import ConfirmPage from "@/app/waitlist/confirm/page";
import StatusPage from "@/app/waitlist/status/page";
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

  it("shows a clear page for a missing, malformed or unknown token", async () => {
    for (const token of [undefined, "", "nope", ["a", "b"], "x".repeat(43)]) {
      const html = await statusPage(token);
      expect(html).toContain("This link does not work");
      expect(html).not.toContain("?ref=");
    }
  });
});
