import { renderToStaticMarkup } from "react-dom/server";

import { GET, POST } from "@/app/api/waitlist/confirm/route";
import ConfirmPage from "@/app/waitlist/confirm/page";
import { addWaitlistEntry } from "@/lib/data/waitlist/signups";
import { getDb } from "@/lib/db";
import { hashToken } from "@/lib/email/tokens";
import { prepareTestDatabase, resetDatabase } from "@/test/db";
import { tokenFromQueuedEmail } from "@/test/email-links";

prepareTestDatabase();

const SITE = "https://otto.example";

beforeEach(async () => {
  await resetDatabase();
});

/** A signup and the token of its confirmation link. */
async function signupWithConfirmToken(email = "ann@example.com") {
  await addWaitlistEntry({
    name: "Ann Smith",
    email,
    businessType: "cleaning",
    employees: "2-5",
    agreedToTerms: true,
  });
  // The entry's id (addWaitlistEntry answers with its email's, which confirmations' own emails now move on).
  const { id } = await getDb().waitlistEntry.findUniqueOrThrow({ where: { email }, select: { id: true } });
  return tokenFromQueuedEmail(id, "confirmUrl");
}

const entry = () =>
  getDb().waitlistEntry.findUniqueOrThrow({ where: { email: "ann@example.com" }, select: { confirmedAt: true } });
const tokenRow = (token: string) =>
  getDb().waitlistToken.findUniqueOrThrow({ where: { tokenHash: hashToken(token) }, select: { usedAt: true } });

/** The confirmation page as the server renders it for a GET (or HEAD) of the link. */
async function openPage(params: { token?: string; done?: string }) {
  return renderToStaticMarkup(await ConfirmPage({ searchParams: Promise.resolve(params) }));
}

/** The page's form post, as a browser sends it from the page (which has no referrer, so its Origin is "null"). */
const browserPost = (token: string, headers: Record<string, string> = {}) =>
  POST(
    new Request(`${SITE}/api/waitlist/confirm?token=${token}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "text/html,application/xhtml+xml",
        origin: "null",
        "sec-fetch-site": "same-origin",
        ...headers,
      },
      body: "",
    }),
    undefined,
  );

describe(`confirmation links (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("opening the link (GET or HEAD, as a mail scanner does) confirms nothing: the page asks, with a form that posts to this route", async () => {
    const token = await signupWithConfirmToken();
    const html = await openPage({ token });
    expect(html).toContain("Confirm your place");
    expect(html).toContain("One last step, Ann Smith");
    expect(html).toContain(`action="/api/waitlist/confirm?token=${token}"`);
    expect(html).toContain("Confirm my place");
    // Opened again (a second scanner, a preview): still nothing.
    await openPage({ token });
    expect(await entry()).toEqual({ confirmedAt: null });
    expect(await tokenRow(token)).toEqual({ usedAt: null });
  });

  it("the person's step confirms: the browser is sent back to the page, which says so; the link then says already confirmed", async () => {
    const token = await signupWithConfirmToken();
    const response = await browserPost(token);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/waitlist/confirm?token=${token}&done=1`);
    expect((await entry()).confirmedAt).toBeInstanceOf(Date);
    expect((await tokenRow(token)).usedAt).toBeInstanceOf(Date);

    const done = await openPage({ token, done: "1" });
    expect(done).toContain("Your place is confirmed");
    expect(done).toContain("Thanks, Ann Smith.");
    expect(done).not.toContain("<form");
    expect(await openPage({ token })).toContain("Your place is already confirmed");
    // Posting again changes nothing more and lands on the same kind words.
    const again = await browserPost(token);
    expect(again.headers.get("location")).toBe(`/waitlist/confirm?token=${token}`);
  });

  it("answers a script with JSON; an unknown or expired link confirms nothing and sends a browser to the page that offers a new one", async () => {
    const token = await signupWithConfirmToken();
    const json = await POST(new Request(`${SITE}/api/waitlist/confirm?token=${token}`, { method: "POST" }), undefined);
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({ status: "confirmed", message: "Your place is confirmed" });

    const unknown = "x".repeat(43);
    const missing = await POST(
      new Request(`${SITE}/api/waitlist/confirm?token=${unknown}`, { method: "POST" }),
      undefined,
    );
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "This link has expired or was already used." });
    const page = await browserPost(unknown);
    expect(page.headers.get("location")).toBe(`/waitlist/confirm?token=${unknown}`);
    expect(await openPage({ token: unknown })).toContain("This link has expired or was already used");
    expect(await openPage({ token: "not-a-token" })).toContain("Send me a new link");

    const expired = await signupWithConfirmToken("bob@example.com");
    await getDb().waitlistToken.update({
      where: { tokenHash: hashToken(expired) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await openPage({ token: expired })).toContain("This link has expired or was already used");
    expect(
      (await POST(new Request(`${SITE}/api/waitlist/confirm?token=${expired}`, { method: "POST" }), undefined)).status,
    ).toBe(404);
  });

  it("refuses a post from another site (403), and every method but POST (405), confirming nothing", async () => {
    const token = await signupWithConfirmToken();
    expect((await browserPost(token, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await browserPost(token, { "sec-fetch-site": "", origin: "https://evil.example" })).status).toBe(403);
    // "Origin: null" without the browser's word that the post is same-origin proves nothing.
    expect((await browserPost(token, { "sec-fetch-site": "" })).status).toBe(403);
    expect((await GET()).status).toBe(405);
    expect(await entry()).toEqual({ confirmedAt: null });
  });

  it("refuses a large body unread (413), confirming nothing", async () => {
    const token = await signupWithConfirmToken();
    const response = await browserPost(token, { "content-length": String(50 * 1024 * 1024) });
    expect(response.status).toBe(413);
    expect(await entry()).toEqual({ confirmedAt: null });
  });
});
