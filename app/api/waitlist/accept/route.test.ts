import { renderToStaticMarkup } from "react-dom/server";

import { GET, POST } from "@/app/api/waitlist/accept/route";
import EarlyAccessPage from "@/app/early-access/page";
import { inviteEntries } from "@/lib/data/waitlist/invitations";
import { addWaitlistEntry } from "@/lib/data/waitlist/signups";
import { getDb } from "@/lib/db";
import { insertAdmin, verifiedAdminFor } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";
import { tokenFromQueuedEmail } from "@/test/email-links";

prepareTestDatabase();

const SITE = "https://otto.example";

beforeEach(async () => {
  await resetDatabase();
  delete process.env.EARLY_ACCESS_URL;
});
afterAll(() => {
  delete process.env.EARLY_ACCESS_URL;
});

/** An invited entry and the token of its invitation link. */
async function invitedWithAcceptToken(email = "ann@example.com") {
  const id = await addWaitlistEntry({
    name: "Ann Smith",
    email,
    businessType: "cleaning",
    employees: "2-5",
    agreedToTerms: true,
  });
  await getDb().waitlistEntry.update({ where: { id: id! }, data: { confirmedAt: new Date() } });
  const admin = await verifiedAdminFor(await insertAdmin({ email: `admin-${id}@example.com` }));
  await inviteEntries(admin, { ids: [id!] }, "");
  return tokenFromQueuedEmail(id!, "acceptUrl");
}

const entry = () =>
  getDb().waitlistEntry.findUniqueOrThrow({
    where: { email: "ann@example.com" },
    select: { status: true, acceptedAt: true },
  });

/** The early-access page as the server renders it for a GET (or HEAD) of the link; where it redirects, the redirect's target. */
async function openPage(token: string) {
  try {
    return renderToStaticMarkup(await EarlyAccessPage({ searchParams: Promise.resolve({ token }) }));
  } catch (error) {
    const digest = (error as { digest?: string }).digest;
    if (digest?.startsWith("NEXT_REDIRECT")) return `redirect to ${digest.split(";")[2]}`;
    throw error;
  }
}

/** The page's form post, as a browser sends it from the page (which has no referrer, so its Origin is "null"). */
const browserPost = (token: string, headers: Record<string, string> = {}) =>
  POST(
    new Request(`${SITE}/api/waitlist/accept?token=${token}`, {
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

describe(`invitation links (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("opening the link (GET or HEAD, as a mail scanner does) accepts nothing: the page asks, with a form that posts to this route", async () => {
    const token = await invitedWithAcceptToken();
    process.env.EARLY_ACCESS_URL = "https://app.otto.example/start";
    const html = await openPage(token);
    expect(html).toContain("You&#x27;re invited to early access, Ann Smith");
    expect(html).toContain(`action="/api/waitlist/accept?token=${token}"`);
    expect(html).toContain("Accept my invitation");
    await openPage(token);
    expect(await entry()).toEqual({ status: "invited", acceptedAt: null });
  });

  it("the person's step accepts once: the browser is welcomed; the link then keeps welcoming without changing anything", async () => {
    const token = await invitedWithAcceptToken();
    const response = await browserPost(token);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/early-access?token=${token}`);
    const { status, acceptedAt } = await entry();
    expect(status).toBe("accepted");
    expect(acceptedAt).toBeInstanceOf(Date);

    const welcome = await openPage(token);
    expect(welcome).toContain("Welcome to early access, Ann Smith");
    expect(welcome).toContain("Your place is ready. Here is what happens next:");
    expect(welcome).not.toContain("<form");
    expect((await browserPost(token)).status).toBe(303);
    expect(await entry()).toEqual({ status: "accepted", acceptedAt });
  });

  it("with EARLY_ACCESS_URL set, the step and the accepted link both send the visitor there", async () => {
    process.env.EARLY_ACCESS_URL = "https://app.otto.example/start";
    const token = await invitedWithAcceptToken();
    const response = await browserPost(token);
    expect(response.headers.get("location")).toBe("https://app.otto.example/start");
    expect(await openPage(token)).toBe("redirect to https://app.otto.example/start");
  });

  it("answers a script with JSON; an unknown link accepts nothing and sends a browser to the page that says so", async () => {
    const token = await invitedWithAcceptToken();
    const json = await POST(new Request(`${SITE}/api/waitlist/accept?token=${token}`, { method: "POST" }), undefined);
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({ status: "accepted", message: "Welcome to early access, Ann Smith" });

    const unknown = "0".repeat(64);
    const missing = await POST(
      new Request(`${SITE}/api/waitlist/accept?token=${unknown}`, { method: "POST" }),
      undefined,
    );
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "This invitation link does not work." });
    process.env.EARLY_ACCESS_URL = "https://app.otto.example/start";
    expect((await browserPost(unknown)).headers.get("location")).toBe(`/early-access?token=${unknown}`);
    expect(await openPage(unknown)).toContain("This invitation link does not work");
  });

  it("refuses a post from another site (403), every method but POST (405) and a large body (413), accepting nothing", async () => {
    const token = await invitedWithAcceptToken();
    expect((await browserPost(token, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await browserPost(token, { "sec-fetch-site": "", origin: "https://evil.example" })).status).toBe(403);
    expect((await browserPost(token, { "content-length": String(50 * 1024 * 1024) })).status).toBe(413);
    expect((await GET()).status).toBe(405);
    expect(await entry()).toEqual({ status: "invited", acceptedAt: null });
  });
});
