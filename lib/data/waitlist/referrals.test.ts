import { POST as creditRoute } from "@/app/api/admin/waitlist/[id]/referral-credit/route";
import { addWaitlistEntry, confirmWithToken } from "@/lib/data/waitlist/signups";
import { getDb } from "@/lib/db";
import { hashToken, newToken } from "@/lib/email/tokens";
import { insertAdmin, startTestSession, testRequest } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();
beforeEach(() => resetDatabase());

const DAY = 24 * 60 * 60 * 1000;

async function join(email: string, options: { ref?: string; network?: string | null } = {}) {
  await addWaitlistEntry(
    {
      name: email.split("@")[0]!,
      email,
      businessType: "cleaning",
      employees: "2-5",
      agreedToTerms: true,
      ref: options.ref,
    },
    new Date(),
    { signupNetwork: options.network ?? null },
  );
  const row = await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: email.toLowerCase() } });
  return { id: row.id, code: row.referralCode };
}

async function confirm(id: number) {
  const token = newToken();
  await getDb().waitlistToken.create({
    data: { tokenHash: hashToken(token), entryId: id, purpose: "confirm", expiresAt: new Date(Date.now() + DAY) },
  });
  expect(await confirmWithToken(token)).toMatchObject({ status: "confirmed" });
}

const entry = (id: number) => getDb().waitlistEntry.findUniqueOrThrow({ where: { id } });

async function cookieOf(role: "admin" | "member" | "viewer") {
  const admin = await insertAdmin({ email: `${role}@otto.test`, role });
  return (await startTestSession(admin)).cookie;
}

const credit = (id: number | string, cookie?: string) =>
  creditRoute(testRequest(`/api/admin/waitlist/${id}/referral-credit`, { method: "POST", cookie }), {
    params: Promise.resolve({ id: String(id) }),
  });

/** A referrer in line behind `ahead` people who confirmed before them, and a friend from their own network. */
async function withheldReferral(ahead: number) {
  for (let i = 0; i < ahead; i += 1) await confirm((await join(`p${i}@p${i}.example`)).id);
  const referrer = await join("ann@example.com", { network: "203.0.113.0/24" });
  await confirm(referrer.id);
  const friend = await join("bo@example.org", { ref: referrer.code, network: "203.0.113.0/24" });
  await confirm(friend.id);
  expect(await entry(friend.id)).toMatchObject({ referralCredit: "same-network" });
  return { referrer, friend };
}

const lineKey = (id: number) => entry(id).then((row) => row.lineKey);

describe(`"Credit anyway" on a withheld referral (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("credits it as a confirmation would: the place moves, one audit entry, the webhook and the referrer's email", async () => {
    await getDb().webhook.create({ data: { url: "https://hooks.example/x", secret: "whsec_x" } });
    const { referrer, friend } = await withheldReferral(12);
    const seq = (await entry(referrer.id)).confirmSeq!;
    expect(await lineKey(referrer.id)).toBe(seq);
    const cookie = await cookieOf("member");

    const response = await credit(friend.id, cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Referral credited", referrerId: referrer.id });
    expect(await entry(friend.id)).toMatchObject({ referralCredit: "credited" });
    // The same move as an automatic credit: REFERRAL_PLACES (10) for one credit.
    expect(await entry(referrer.id)).toMatchObject({ referralCredits: 1, lineKey: seq - 10n });
    const [place] = await getDb().$queryRaw<{ place: number }[]>`
      SELECT "waitlist_place"("lineOrder") AS "place" FROM "waitlist" WHERE "id" = ${referrer.id}`;
    expect(place!.place).toBe(3);

    const audit = await getDb().auditLog.findMany({ where: { action: "waitlist.credit_referral" } });
    expect(audit).toEqual([
      expect.objectContaining({
        adminEmail: "member@otto.test",
        target: `entry:${friend.id}`,
        details: { referrerId: referrer.id, withheld: "same-network" },
      }),
    ]);
    const events = await getDb().webhookDelivery.findMany({ where: { event: "waitlist.referred" } });
    expect(events.map((e) => (e.payload as { data: unknown }).data)).toEqual([
      { referrerId: referrer.id, referredId: friend.id },
    ]);
    const emails = await getDb().emailOutbox.findMany({ where: { kind: "referral" } });
    expect(emails).toEqual([expect.objectContaining({ entryId: referrer.id, to: "ann@example.com" })]);
    expect(emails[0]!.payload).toMatchObject({ friends: 1, place: 3 });

    // A second click (or a second admin at the same moment) credits nothing twice.
    const again = await credit(friend.id, cookie);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "This referral is credited already." });
    expect(await entry(referrer.id)).toMatchObject({ referralCredits: 1 });
    expect(await getDb().auditLog.count({ where: { action: "waitlist.credit_referral" } })).toBe(1);
  });

  it("credits once when two admins click at the same moment", async () => {
    const { referrer, friend } = await withheldReferral(0);
    const [first, second] = [await cookieOf("admin"), await cookieOf("member")];
    const statuses = (await Promise.all([credit(friend.id, first), credit(friend.id, second)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 409]);
    expect(await entry(referrer.id)).toMatchObject({ referralCredits: 1 });
    expect(await getDb().auditLog.count({ where: { action: "waitlist.credit_referral" } })).toBe(1);
  });

  it("keeps to REFERRAL_MAX: past the cap a credit counts but moves nobody further", async () => {
    const { referrer, friend } = await withheldReferral(0);
    await getDb().waitlistEntry.update({ where: { id: referrer.id }, data: { referralCredits: 10 } });
    await getDb().$executeRaw`UPDATE "waitlist" SET "lineKey" = "confirmSeq" - 100 WHERE "id" = ${referrer.id}`;
    const before = await lineKey(referrer.id);
    expect((await credit(friend.id, await cookieOf("admin"))).status).toBe(200);
    expect(await entry(referrer.id)).toMatchObject({ referralCredits: 11, lineKey: before });
  });

  it("refuses a viewer, a referral that was not withheld, an unknown entry and a malformed id, changing nothing", async () => {
    const { referrer, friend } = await withheldReferral(0);
    const viewer = await credit(friend.id, await cookieOf("viewer"));
    expect(viewer.status).toBe(403);
    expect(await viewer.json()).toEqual({
      message: "Your role (viewer) cannot credit withheld referrals. Ask an admin.",
    });
    expect((await credit(friend.id)).status).toBe(401);

    const cookie = await cookieOf("admin");
    const waiting = await join("cy@example.net", { ref: referrer.code });
    const unconfirmed = await credit(waiting.id, cookie);
    expect(unconfirmed.status).toBe(409);
    expect(await unconfirmed.json()).toEqual({
      message: "This person has not confirmed their address yet: their referral is judged when they do.",
    });
    const nobody = await credit(referrer.id, cookie);
    expect(nobody.status).toBe(409);
    expect((await credit(999_999, cookie)).status).toBe(404);
    const malformed = await credit("abc", cookie);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ message: expect.any(String) });

    // A referrer who never confirmed has no place to move: refused, as the rule withholds it.
    const quiet = await join("quiet@example.com");
    const friendOfQuiet = await join("dee@example.info", { ref: quiet.code });
    await confirm(friendOfQuiet.id);
    expect((await credit(friendOfQuiet.id, cookie)).status).toBe(409);

    expect(await entry(referrer.id)).toMatchObject({ referralCredits: 0 });
    expect(await getDb().auditLog.count({ where: { action: "waitlist.credit_referral" } })).toBe(0);
  });
});
