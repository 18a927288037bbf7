import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

import { POST } from "@/app/api/waitlist/route";
import { WaitlistPlainForm } from "@/components/waitlist/waitlist-plain-form";
import { WAITLIST_RATE_LIMIT, WAITLIST_SUCCESS_MESSAGE } from "@/lib/data/waitlist/signups";
import { getDb } from "@/lib/db";
import { decodeDraft, decodeThanks, DRAFT_COOKIE, THANKS_COOKIE } from "@/lib/waitlist-form-post";
import { prepareTestDatabase, resetDatabase } from "@/test/db";
import { awayFromWindowEdge } from "@/test/rate-limit-window";
import { mailboxForEachTest } from "@/test/smtp";

prepareTestDatabase();

const SITE = "http://localhost";

/** Waits until every queued email has been sent, so none is still on its way when the test ends. */
async function emailsSent() {
  for (let tries = 0; tries < 200; tries += 1) {
    if ((await getDb().emailOutbox.count({ where: { status: "pending" } })) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(
    `queued emails were not sent: ${JSON.stringify(await getDb().emailOutbox.findMany({ select: { status: true, attempts: true, lastError: true } }))}`,
  );
}

// Before the mailbox's own hooks, which take SMTP_URL away after each test: the emails a test queued go out first.
afterEach(async () => {
  await emailsSent();
});

const mailbox = mailboxForEachTest((started) => ({
  SMTP_URL: started.url,
  EMAIL_FROM: "Otto <hello@otto.example>",
  NEXT_PUBLIC_SITE_URL: SITE,
}));

let ipCounter = 0;
const freshIp = () => `203.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const valid = {
  name: "Ada Lovelace",
  email: "Ada@Example.com",
  businessType: "cleaning",
  employees: "2-5",
  agreedToTerms: "on",
};

/** The form as a browser without scripts posts it from the landing page. */
function postForm(
  fields: Record<string, string>,
  options: { ip?: string; headers?: Record<string, string>; raw?: string | FormData } = {},
) {
  return POST(
    new Request(`${SITE}/api/waitlist`, {
      method: "POST",
      headers: {
        ...(options.raw instanceof FormData ? {} : { "content-type": "application/x-www-form-urlencoded" }),
        accept: "text/html,application/xhtml+xml",
        origin: SITE,
        "sec-fetch-site": "same-origin",
        "x-forwarded-for": options.ip ?? freshIp(),
        ...options.headers,
      },
      body: options.raw ?? new URLSearchParams(fields).toString(),
    }),
    undefined,
  );
}

/** The cookie of that name the answer sets, as `{ value, attributes }`. */
function cookieOf(response: Response, name: string) {
  const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  if (!line) return undefined;
  const [pair, ...attributes] = line.split("; ");
  return { value: pair!.slice(name.length + 1), attributes };
}

const rows = () =>
  getDb().waitlistEntry.findMany({
    orderBy: { id: "asc" },
    select: { name: true, email: true, businessType: true, employees: true },
  });

beforeEach(async () => {
  await resetDatabase();
});

describe(`the waiting list form posted without scripts (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("stores the entry, sends the confirmation email and sends the browser to the thank-you page with the address for it alone", async () => {
    const response = await postForm(valid);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/waitlist/thanks");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await rows()).toEqual([
      { name: "Ada Lovelace", email: "ada@example.com", businessType: "cleaning", employees: "2-5" },
    ]);

    const thanks = cookieOf(response, THANKS_COOKIE)!;
    expect(decodeThanks(thanks.value)).toEqual({ email: "ada@example.com", held: false });
    expect(thanks.attributes).toEqual(
      expect.arrayContaining(["Path=/waitlist/thanks", "HttpOnly", "SameSite=Strict", "Max-Age=600"]),
    );
    expect(thanks.attributes).not.toContain("Secure");
    // A draft left by an earlier refused post is cleared.
    expect(cookieOf(response, DRAFT_COOKIE)).toEqual({
      value: "",
      attributes: expect.arrayContaining(["Path=/waitlist/join", "Max-Age=0"]),
    });

    const [mail] = await mailbox.waitFor(1);
    expect(mail!.to && "text" in mail!.to ? mail!.to.text : "").toBe("ada@example.com");
  });

  it("marks the cookie Secure over HTTPS", async () => {
    const response = await postForm(valid, { headers: { "x-forwarded-proto": "https" } });
    expect(cookieOf(response, THANKS_COOKIE)!.attributes).toContain("Secure");
  });

  it("answers a repeat signup and a bot's exactly as a first one, so nobody learns who is on the list", async () => {
    const answer = async (response: Response) => ({
      status: response.status,
      location: response.headers.get("location"),
      cookies: response.headers
        .getSetCookie()
        .map((cookie) => cookie.replace(/^waitlist_thanks=[^;]*/, "waitlist_thanks=…")),
      body: await response.text(),
    });
    const first = await answer(await postForm(valid));
    const again = await answer(await postForm({ ...valid, email: "ADA@example.com" }));
    const bot = await answer(await postForm({ ...valid, email: "bot@example.com", website: "https://spam.example" }));
    expect(again).toEqual(first);
    expect(bot).toEqual(first);
    expect((await rows()).map((row) => row.email)).toEqual(["ada@example.com"]);
  });

  it("reads a multipart form as well", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(valid)) form.append(name, value);
    const response = await postForm({}, { raw: form });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/waitlist/thanks");
    expect(await rows()).toHaveLength(1);
  });

  it("sends a post with bad fields back to the form's page with the entries kept, storing nothing", async () => {
    const response = await postForm({ ...valid, email: "ada@example", agreedToTerms: "" }, {});
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/waitlist/join");
    const draft = cookieOf(response, DRAFT_COOKIE)!;
    expect(draft.attributes).toEqual(
      expect.arrayContaining(["Path=/waitlist/join", "HttpOnly", "SameSite=Strict", "Max-Age=600"]),
    );
    // The checkbox's value does not matter, only whether it was sent: here it was (empty), so it was ticked.
    expect(decodeDraft(draft.value)).toEqual({
      entries: {
        name: "Ada Lovelace",
        email: "ada@example",
        businessType: "cleaning",
        businessDescription: "",
        employees: "2-5",
        agreedToTerms: true,
      },
    });
    expect(cookieOf(response, THANKS_COOKIE)).toBeUndefined();
    expect(await rows()).toEqual([]);

    const { agreedToTerms: _unticked, ...withoutConsent } = valid;
    const unticked = await postForm({ ...withoutConsent, businessType: "spaceships" });
    expect(decodeDraft(cookieOf(unticked, DRAFT_COOKIE)!.value)).toEqual({
      entries: {
        name: "Ada Lovelace",
        email: "Ada@Example.com",
        businessType: "",
        businessDescription: "",
        employees: "2-5",
        agreedToTerms: false,
      },
    });
    expect(await rows()).toEqual([]);
    expect(mailbox.messages).toEqual([]);
  });

  it('stores "What kind of business?" with Other, ignores it with another type, and sends a too long one back to the form', async () => {
    const other = await postForm({ ...valid, businessType: "other", businessDescription: "  Dog grooming  " });
    expect(other.headers.get("location")).toBe("/waitlist/thanks");
    // The field is in the plain form for every type: left filled in after choosing another type, it is dropped.
    const cleaner = await postForm({
      ...valid,
      email: "bo@example.com",
      businessDescription: "x".repeat(500),
    });
    expect(cleaner.headers.get("location")).toBe("/waitlist/thanks");
    expect(
      await getDb().waitlistEntry.findMany({
        orderBy: { id: "asc" },
        select: { email: true, businessDescription: true },
      }),
    ).toEqual([
      { email: "ada@example.com", businessDescription: "Dog grooming" },
      { email: "bo@example.com", businessDescription: null },
    ]);

    const tooLong = await postForm({
      ...valid,
      email: "cy@example.com",
      businessType: "other",
      businessDescription: "y".repeat(101),
    });
    expect(tooLong.headers.get("location")).toBe("/waitlist/join");
    const draft = decodeDraft(cookieOf(tooLong, DRAFT_COOKIE)!.value)!;
    expect(draft.entries).toMatchObject({ businessType: "other", businessDescription: "y".repeat(101) });
    // The join page shows the form again with the message on the field, under its label.
    const html = renderToStaticMarkup(
      createElement(WaitlistPlainForm, {
        entries: draft.entries,
        errors: { businessDescription: "Please keep it to 100 characters" },
      }),
    );
    expect(html).toContain('id="waitlist-business-description"');
    expect(html).toMatch(/id="waitlist-business-description-error"[^>]*>Please keep it to 100 characters</);
    expect(await getDb().waitlistEntry.count()).toBe(2);
  });

  it("keeps a personal link's code through a post that came back, and only a code that is one", async () => {
    const refused = await postForm({ ...valid, email: "ada@example", ref: " AB3DEF7H " });
    const kept = decodeDraft(cookieOf(refused, DRAFT_COOKIE)!.value);
    expect(kept?.ref).toBe("ab3def7h");
    // The join page's form sends it again with the second try.
    const form = renderToStaticMarkup(
      createElement(WaitlistPlainForm, { entries: kept!.entries, referral: kept!.ref }),
    );
    expect(form).toMatch(/<input type="hidden" name="ref" value="ab3def7h"\/>/);
    const odd = await postForm({ ...valid, email: "ada@example", ref: "not-a-code" });
    expect(decodeDraft(cookieOf(odd, DRAFT_COOKIE)!.value)?.ref).toBeUndefined();
    expect(await rows()).toEqual([]);
  });

  it("reads a personal link's code from the landing page the form was posted from, when no script filled the field", async () => {
    await postForm({ ...valid, email: "referrer@example.com" });
    const referrer = await getDb().waitlistEntry.findUniqueOrThrow({
      where: { email: "referrer@example.com" },
      select: { id: true, referralCode: true },
    });
    const referredBy = async (email: string) =>
      (await getDb().waitlistEntry.findUnique({ where: { email }, select: { referredById: true } }))?.referredById;

    // The plain form posts its hidden field empty; the browser names the page, /?ref=CODE, in full to this site.
    const code = referrer.referralCode.toUpperCase();
    await postForm(
      { ...valid, email: "friend@example.com", ref: "" },
      { headers: { referer: `${SITE}/?ref=${code}` } },
    );
    expect(await referredBy("friend@example.com")).toBe(referrer.id);

    // A refused post keeps it for the next try, on the join page (which sends no Referer of its own).
    const refused = await postForm(
      { ...valid, email: "friend@example" },
      { headers: { referer: `${SITE}/?utm_source=x&ref=${referrer.referralCode}#join-waitlist` } },
    );
    expect(decodeDraft(cookieOf(refused, DRAFT_COOKIE)!.value)?.ref).toBe(referrer.referralCode);

    // Only this site's landing page, and only a code the schema takes; a filled field wins.
    for (const [email, referer] of [
      ["other-site@example.com", `https://elsewhere.example/?ref=${referrer.referralCode}`],
      ["other-page@example.com", `${SITE}/privacy?ref=${referrer.referralCode}`],
      ["bad-code@example.com", `${SITE}/?ref=not-a-code`],
      ["not-a-url@example.com", "::"],
    ]) {
      const response = await postForm({ ...valid, email: email!, ref: "" }, { headers: { referer: referer! } });
      expect(response.headers.get("location")).toBe("/waitlist/thanks");
      expect(await referredBy(email!)).toBeNull();
    }
    // A host named only by a forwarding header counts only behind a proxy the server trusts.
    const hops = process.env.TRUSTED_PROXY_HOPS;
    process.env.TRUSTED_PROXY_HOPS = "0";
    try {
      await postForm(
        { ...valid, email: "forwarded@example.com", ref: "" },
        {
          headers: {
            referer: `https://elsewhere.example/?ref=${referrer.referralCode}`,
            "x-forwarded-host": "elsewhere.example",
          },
        },
      );
      expect(await referredBy("forwarded@example.com")).toBeNull();
    } finally {
      process.env.TRUSTED_PROXY_HOPS = hops;
    }
    await postForm(
      { ...valid, email: "field@example.com", ref: "zzzzzzzz" },
      { headers: { referer: `${SITE}/?ref=${referrer.referralCode}` } },
    );
    expect(await referredBy("field@example.com")).toBeNull();
  });

  it("gives a script that posts a form (it asks for no page) the JSON API's answers", async () => {
    const created = await postForm(valid, { headers: { accept: "application/json" } });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ message: WAITLIST_SUCCESS_MESSAGE });
    expect(created.headers.getSetCookie()).toEqual([]);
    const refused = await postForm({ ...valid, email: "nope" }, { headers: { accept: "*/*" } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      email: ["Please enter a valid email address"],
    });
    expect(await rows()).toHaveLength(1);
  });

  it("refuses a form posted from another site (403), storing nothing", async () => {
    for (const headers of [
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      { origin: "https://evil.example", "sec-fetch-site": "" },
    ]) {
      const response = await postForm(valid, { headers });
      expect(response.status).toBe(403);
    }
    expect(await rows()).toEqual([]);
  });

  it("refuses a body over 10 KB with 413", async () => {
    const response = await postForm({ ...valid, name: "x".repeat(11_000) });
    expect(response.status).toBe(413);
    expect(await rows()).toEqual([]);
  });

  it("past the per-connection limit, sends the browser back to the form with the entries and says why", async () => {
    await awayFromWindowEdge(WAITLIST_RATE_LIMIT.windowMs, 10_000);
    const ip = "192.0.2.77";
    for (let index = 0; index < WAITLIST_RATE_LIMIT.limit; index += 1) {
      expect((await postForm({ ...valid, email: `office-${index}@example.com` }, { ip })).headers.get("location")).toBe(
        "/waitlist/thanks",
      );
    }
    const limited = await postForm({ ...valid, email: "office-last@example.com" }, { ip });
    expect(limited.headers.get("location")).toBe("/waitlist/join");
    expect(decodeDraft(cookieOf(limited, DRAFT_COOKIE)!.value)).toMatchObject({
      problem: "rate-limit",
      entries: { email: "office-last@example.com" },
    });
    expect(await rows()).toHaveLength(WAITLIST_RATE_LIMIT.limit);
  }, 30_000);
});
