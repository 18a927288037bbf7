import { parse } from "csv-parse/sync";

import { GET as exportCsv } from "@/app/api/admin/waitlist/export/route";
import { readWaitlistBatches } from "@/lib/data/waitlist/export";
import { inviteEntries, previewInvitations } from "@/lib/data/waitlist/invitations";
import { applyLineSettings, forgetCachedPlaces, forgetSignupNetworks, statusOfToken } from "@/lib/data/waitlist/line";
import { listWaitlistEntries } from "@/lib/data/waitlist/list";
import { addWaitlistEntry, confirmWithToken, eraseWithLeaveToken } from "@/lib/data/waitlist/signups";
import { getDb } from "@/lib/db";
import { hashToken, newToken, statusTokenOf } from "@/lib/email/tokens";
import { clientNetworkKey } from "@/lib/ip-address";
import { FREEMAIL_BRANDS, FREEMAIL_DOMAINS, isFreemailDomain } from "@/lib/validation/freemail";
import { waitlistExportQuerySchema, waitlistListQuerySchema } from "@/lib/validation/waitlist-query";
import { insertAdmin, startTestSession, verifiedAdminFor } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();
beforeEach(() => resetDatabase());

const DAY = 24 * 60 * 60 * 1000;
const base = new Date("2026-11-20T10:00:00.000Z");

/** Signs someone up (optionally through a code, from a network) and returns their entry's id and code. */
async function join(email: string, options: { ref?: string; network?: string | null; at?: Date } = {}) {
  await addWaitlistEntry(
    {
      name: email.split("@")[0]!,
      email,
      businessType: "cleaning",
      employees: "2-5",
      agreedToTerms: true,
      ref: options.ref,
    },
    options.at ?? base,
    { signupNetwork: options.network ?? null },
  );
  const row = await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: email.toLowerCase() } });
  return { id: row.id, code: row.referralCode };
}

/** Confirms an entry the way its link does, and returns the status page's token. */
async function confirm(id: number, at: Date = base): Promise<string> {
  const token = newToken();
  await getDb().waitlistToken.create({
    data: { tokenHash: hashToken(token), entryId: id, purpose: "confirm", expiresAt: new Date(at.getTime() + DAY) },
  });
  expect(await confirmWithToken(token, at)).toMatchObject({ status: "confirmed" });
  return statusTokenOf(token);
}

const entry = (id: number) => getDb().waitlistEntry.findUniqueOrThrow({ where: { id } });

/** Every in-line entry's place as a plain query works it out from the rule (10 places, at most 10 credits). */
async function referencePlaces(): Promise<Map<number, number>> {
  const rows = await getDb().$queryRaw<{ id: number; place: number }[]>`
    SELECT "id", row_number() OVER (ORDER BY "confirmSeq" - 10 * LEAST("referralCredits", 10), "confirmSeq" DESC)::int AS "place"
    FROM "waitlist" WHERE "confirmedAt" IS NOT NULL AND "status" = 'waiting'`;
  return new Map(rows.map((row) => [row.id, row.place]));
}

/** The trigger-kept counts of the line by range equal a plain count of the entries in line. */
async function expectBucketsToMatchTheLine() {
  const kept = await getDb().$queryRaw<{ bucket: bigint; count: number }[]>`
    SELECT "bucket", sum("count")::int AS "count" FROM "waitlist_line_buckets" GROUP BY 1 HAVING sum("count") <> 0 ORDER BY 1`;
  const counted = await getDb().$queryRaw<{ bucket: bigint; count: number }[]>`
    SELECT "lineOrder" >> 42 AS "bucket", count(*)::int AS "count" FROM "waitlist"
    WHERE "status" = 'waiting' AND "confirmSeq" IS NOT NULL GROUP BY 1 ORDER BY 1`;
  expect(kept).toEqual(counted);
}

describe(`the line and referrals (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("gives a place only on confirmation, and shows the rule's order", async () => {
    const a = await join("a@example.com");
    const b = await join("b@example.com");
    const statusB = await confirm(b.id);
    const statusA = await confirm(a.id, new Date(base.getTime() + 1000));
    expect(await statusOfToken(statusB)).toMatchObject({ place: 1, lineLength: 2, confirmed: true, status: "waiting" });
    expect(await statusOfToken(statusA)).toMatchObject({ place: 2, lineLength: 2 });
    expect(await statusOfToken(newToken())).toBeNull();
    expect((await entry(a.id)).referralCode).toMatch(/^[23456789abcdefghjkmnpqrstuvwxyz]{8}$/);
  });

  it("credits a normal referral on confirmation, moves the referrer up and queues a webhook event", async () => {
    await getDb().webhook.create({ data: { url: "https://hooks.example/x", secret: "whsec_x" } });
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1) ids.push((await join(`p${i}@example.com`)).id);
    for (const id of ids) await confirm(id);
    const referrer = await join("ref@example.com", { network: "203.0.113.0/24" });
    const statusRef = await confirm(referrer.id);
    expect(await statusOfToken(statusRef)).toMatchObject({ place: 13 });

    const friend = await join("friend@example.org", { ref: referrer.code, network: "198.51.100.0/24" });
    expect((await entry(friend.id)).referralCredit).toBeNull();
    await confirm(friend.id);
    expect(await entry(friend.id)).toMatchObject({ referredById: referrer.id, referralCredit: "credited" });
    expect(await entry(referrer.id)).toMatchObject({ referralCredits: 1 });
    forgetCachedPlaces();
    expect(await statusOfToken(statusRef)).toMatchObject({ place: 3, friendsJoined: 1, credits: 1 });
    const events = await getDb().webhookDelivery.findMany({ where: { event: "waitlist.referred" } });
    expect(events.map((e) => (e.payload as { data: unknown }).data)).toEqual([
      { referrerId: referrer.id, referredId: friend.id },
    ]);
  });

  it("withholds credit for the referrer's own Gmail address written differently, and keeps the entry", async () => {
    const a = await join("ann.smith@gmail.com");
    await confirm(a.id);
    const d = await join("Ann.Smi.th+waitlist@googlemail.com", { ref: a.code });
    await confirm(d.id);
    expect(await entry(d.id)).toMatchObject({ referredById: a.id, referralCredit: "self" });
    expect(await entry(a.id)).toMatchObject({ referralCredits: 0 });
  });

  it("withholds credit from the same /24 within 30 days, but not after", async () => {
    const a = await join("a@example.com", { network: "203.0.113.0/24" });
    await confirm(a.id);
    const near = await join("b@example.com", {
      ref: a.code,
      network: "203.0.113.0/24",
      at: new Date(base.getTime() + 29 * DAY),
    });
    await confirm(near.id);
    const later = await join("c@example.com", {
      ref: a.code,
      network: "203.0.113.0/24",
      at: new Date(base.getTime() + 31 * DAY),
    });
    await confirm(later.id);
    expect((await entry(near.id)).referralCredit).toBe("same-network");
    expect((await entry(later.id)).referralCredit).toBe("credited");
  });

  it("withholds credit from the same /64", async () => {
    const a = await join("a@example.com", { network: "2001:db8:1:2::/64" });
    await confirm(a.id);
    const b = await join("b@example.com", { ref: a.code, network: "2001:db8:1:2::/64" });
    await confirm(b.id);
    expect((await entry(b.id)).referralCredit).toBe("same-network");
    expect((await entry(a.id)).referralCredits).toBe(0);
  });

  it("credits at most the daily cap a UTC day per referrer, and more the next day", async () => {
    await getDb().waitlistLineSettings.update({ where: { id: 1 }, data: { dailyCap: 2 } });
    try {
      const a = await join("a@example.com");
      await confirm(a.id);
      const credits: (string | null)[] = [];
      for (let i = 0; i < 3; i += 1) {
        // Each from a domain of their own: a second friend from one company's domain waits for the next day.
        const f = await join(`f${i}@example${i}.com`, { ref: a.code, network: `10.0.${i}.0/24` });
        await confirm(f.id, new Date(base.getTime() + i * 1000));
        credits.push((await entry(f.id)).referralCredit);
      }
      const next = await join("g@example.com", { ref: a.code });
      await confirm(next.id, new Date(base.getTime() + DAY));
      credits.push((await entry(next.id)).referralCredit);
      expect(credits).toEqual(["credited", "credited", "daily-cap", "credited"]);
      expect((await entry(a.id)).referralCredits).toBe(3);
    } finally {
      await getDb().waitlistLineSettings.update({ where: { id: 1 }, data: { dailyCap: 20 } });
    }
  });

  it("keeps the signup and ignores a code that names nobody; erasing a referrer leaves the referral pointing nowhere", async () => {
    const lost = await join("lost@example.com", { ref: "zzzzzzzz" });
    expect((await entry(lost.id)).referredById).toBeNull();
    const a = await join("a@example.com");
    const b = await join("b@example.com", { ref: a.code });
    const leave = newToken();
    await getDb().waitlistToken.create({ data: { tokenHash: hashToken(leave), entryId: a.id, purpose: "leave" } });
    expect(await eraseWithLeaveToken(leave)).toBe(true);
    expect((await entry(b.id)).referredById).toBeNull();
    await confirm(b.id);
    expect((await entry(b.id)).referralCredit).toBeNull();
  });

  it("matches a plain row_number() over the rule for random referrals, invitations and erasures", async () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const people: { id: number; code: string; status?: string }[] = [];
    for (let i = 0; i < 80; i += 1) {
      const referrer =
        people.length > 0 && random() < 0.6 ? people[Math.floor(random() * Math.min(people.length, 20))] : undefined;
      const at = new Date(base.getTime() + i * 60_000);
      const person: { id: number; code: string; status?: string } = await join(`u${i}@example.com`, {
        ref: referrer?.code,
        network: `10.${i}.0.0/24`,
        at,
      });
      // Now and then the numbers jump ahead (as if many others had confirmed), so the line spans several of
      // the 1,024-key ranges its length is counted in.
      if (random() < 0.15)
        await getDb()
          .$executeRaw`SELECT setval('waitlist_confirm_seq', nextval('waitlist_confirm_seq') + ${Math.floor(random() * 3000)}::int)`;
      // Most confirm, some at once and some a while later (a friend may confirm before the one who shared the link).
      if (random() < 0.8)
        person.status = await confirm(person.id, new Date(at.getTime() + Math.floor(random() * 2) * 1e6));
      people.push(person);
    }
    // Invite a few, erase a few (through their status links).
    const confirmed = people.filter((p) => p.status);
    await getDb().waitlistEntry.updateMany({
      where: { id: { in: confirmed.slice(0, 5).map((p) => p.id) } },
      data: { status: "invited", invitedAt: base },
    });
    for (const p of confirmed.slice(5, 9)) expect(await eraseWithLeaveToken(p.status!)).toBe(true);
    forgetCachedPlaces();
    const reference = await referencePlaces();
    expect(reference.size).toBeGreaterThan(40);
    // Referrals did move people: some in line hold credits.
    expect(
      await getDb().waitlistEntry.count({ where: { status: "waiting", referralCredits: { gt: 0 } } }),
    ).toBeGreaterThan(0);
    for (const p of confirmed.slice(9)) {
      const status = await statusOfToken(p.status!);
      expect({ id: p.id, place: status?.place, of: status?.lineLength }).toEqual({
        id: p.id,
        place: reference.get(p.id),
        of: reference.size,
      });
    }
    for (const p of confirmed.slice(0, 5))
      expect(await statusOfToken(p.status!)).toMatchObject({ status: "invited", place: null });
    await expectBucketsToMatchTheLine();
    expect(
      (
        await getDb().$queryRaw<
          { n: number }[]
        >`SELECT count(DISTINCT "bucket")::int AS "n" FROM "waitlist_line_buckets"`
      )[0]!.n,
    ).toBeGreaterThan(2);
  });

  it("tells a credited referrer at most once a day, brought up to date while it waits; withheld credit tells nobody", async () => {
    const a = await join("ann.smith@gmail.com");
    await confirm(a.id);
    const self = await join("annsmith+x@gmail.com", { ref: a.code });
    await confirm(self.id);
    const referralEmails = () => getDb().emailOutbox.findMany({ where: { kind: "referral" }, orderBy: { id: "asc" } });
    expect(await referralEmails()).toEqual([]);
    for (const friend of ["b", "c"]) {
      const f = await join(`${friend}@${friend}.example`, {
        ref: a.code,
        network: `10.9.${friend.charCodeAt(0)}.0/24`,
      });
      await confirm(f.id);
    }
    const [email, ...others] = await referralEmails();
    expect(others).toEqual([]);
    expect(email).toMatchObject({ entryId: a.id, to: "ann.smith@gmail.com", status: "pending" });
    expect(email!.nextAttemptAt.getTime()).toBeGreaterThan(base.getTime());
    const payload = email!.payload as {
      friends: number;
      place: number;
      day: string;
      leaveUrl: string;
      statusUrl: string;
    };
    expect(payload).toMatchObject({ day: "2026-11-20", friends: 2, place: 1 });
    const leave = new URL(payload.leaveUrl).searchParams.get("token")!;
    const status = new URL(payload.statusUrl).searchParams.get("token")!;
    expect(await statusOfToken(status)).toMatchObject({ friendsJoined: 3, credits: 2 });
    // Once sent, the day's email is not sent again; the next day's credit gets a new one.
    await getDb().emailOutbox.update({ where: { id: email!.id }, data: { status: "sent" } });
    const d = await join("d@example.com", { ref: a.code, network: "10.8.1.0/24" });
    await confirm(d.id);
    expect(await referralEmails()).toHaveLength(1);
    const e = await join("e@example.com", { ref: a.code, network: "10.8.2.0/24" });
    await confirm(e.id, new Date(base.getTime() + DAY));
    expect((await referralEmails()).map((row) => (row.payload as { day: string }).day)).toEqual([
      "2026-11-20",
      "2026-11-21",
    ]);
    expect(await eraseWithLeaveToken(leave)).toBe(true);
  });

  it("works every key out again when the rule changes", async () => {
    const a = await join("a@example.com");
    const b = await join("b@example.com");
    await confirm(a.id);
    const statusB = await confirm(b.id);
    const c = await join("c@example.com", { ref: b.code });
    await confirm(c.id);
    const seqB = (await entry(b.id)).confirmSeq!;
    expect((await entry(b.id)).lineKey).toBe(seqB - 10n);
    await getDb().$executeRaw`SELECT "waitlist_line_configure"(1, 10, 20)`;
    expect((await entry(b.id)).lineKey).toBe(seqB - 1n);
    forgetCachedPlaces();
    expect(await statusOfToken(statusB)).toMatchObject({ place: 1 });
    await expectBucketsToMatchTheLine();
    // The environment's rule (REFERRAL_PLACES 10) is set again as a server start or a deploy sets it.
    expect(await applyLineSettings()).toBe(true);
    expect(await applyLineSettings()).toBe(false);
    expect((await entry(b.id)).lineKey).toBe(seqB - 10n);
    await expectBucketsToMatchTheLine();
  });
});

describe(`what the referral rules keep, and for how long (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("credits nobody for a referrer who never confirmed their email", async () => {
    const unconfirmed = await join("quiet@example.com");
    const friend = await join("friend@example.com", { ref: unconfirmed.code });
    await confirm(friend.id);
    expect(await entry(friend.id)).toMatchObject({ referralCredit: "referrer-unconfirmed" });
    expect(await entry(unconfirmed.id)).toMatchObject({ referralCredits: 0 });
    expect(await getDb().emailOutbox.count({ where: { kind: "referral" } })).toBe(0);
  });

  it("does not credit or tell the referrer again when a second confirmation link of the same friend is opened", async () => {
    const referrer = await join("sharer@example.com");
    await confirm(referrer.id);
    const friend = await join("pal@example.com", { ref: referrer.code });
    await confirm(friend.id);
    expect(await entry(referrer.id)).toMatchObject({ referralCredits: 1 });
    await confirm(friend.id, new Date(base.getTime() + 2 * DAY));
    expect(await entry(referrer.id)).toMatchObject({ referralCredits: 1 });
    expect(await getDb().emailOutbox.count({ where: { kind: "referral" } })).toBe(1);
  });

  it("forgets a signup's network once the rule's window has passed", async () => {
    const old = await join("old@example.com", { network: "198.51.100.0/24", at: new Date(base.getTime() - 31 * DAY) });
    const recent = await join("new@example.com", { network: "198.51.100.0/24" });
    expect(await forgetSignupNetworks(base)).toBe(1);
    expect((await entry(old.id)).signupNetwork).toBeNull();
    expect((await entry(recent.id)).signupNetwork).toBe("198.51.100.0/24");
    expect(await forgetSignupNetworks(base)).toBe(0);
  });
});

describe(`the list's referral filters (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("lists who joined through one person's link, and who has referrals credited or none", async () => {
    const admin = await verifiedAdminFor(await insertAdmin({ email: "ada@example.com" }));
    const list = async (params: Record<string, unknown>) =>
      (await listWaitlistEntries(admin, waitlistListQuerySchema.parse(params))).entries.map((e) => e.name).sort();
    const sharer = await join("sharer@example.com", { network: "192.0.2.0/24" });
    await confirm(sharer.id);
    const other = await join("other@example.com", { network: "198.51.100.0/24" });
    for (const [email, network] of [
      ["bo@example.com", "203.0.113.0/24"],
      ["cy@example.com", "203.0.114.0/24"],
    ] as const) {
      const friend = await join(email, { ref: sharer.code, network });
      await confirm(friend.id);
    }
    await join("dee@example.com", { ref: other.code });

    expect(await list({ "referred-by": sharer.code.toUpperCase() })).toEqual(["bo", "cy"]);
    expect(await list({ "referred-by": other.code })).toEqual(["dee"]);
    expect(await list({ referrals: "yes" })).toEqual(["sharer"]);
    expect(await list({ referrals: "no", "referred-by": sharer.code })).toEqual(["bo", "cy"]);
    // The referrer by email address or full name too, any case; the friends' source is "referral".
    expect(await list({ "referred-by": "Sharer@Example.com" })).toEqual(["bo", "cy"]);
    expect(await list({ "referred-by": "SHARER" })).toEqual(["bo", "cy"]);
    expect(await list({ "referred-by": "nobody" })).toEqual([]);
    const friends = await listWaitlistEntries(admin, waitlistListQuerySchema.parse({ "referred-by": "other" }));
    expect(friends.entries.map((e) => e.source)).toEqual(["referral"]);
    // Too short to name anyone: refused with a message, never read as "everyone".
    const refused = waitlistListQuerySchema.safeParse({ "referred-by": "x" });
    expect(refused.success ? null : refused.error.issues[0]?.message).toBe(
      "Enter the referrer's link code, email address or full name.",
    );
  });
});

describe(`the line in the admin list and its export (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("sorts by place (the line, then everyone without one), shows places and referrals, and exports them", async () => {
    const admin = await insertAdmin({ email: "ada@example.com" });
    const verified = await verifiedAdminFor(admin);
    // Ann confirms first, Bo second; Bo's friend Cy moves Bo ahead of Ann; Dee never confirms; Ed is invited.
    const ann = await join("ann@example.com", { network: "192.0.2.0/24" });
    const bo = await join("bo@example.com", { network: "198.51.100.0/24" });
    await confirm(ann.id);
    await confirm(bo.id, new Date(base.getTime() + 1000));
    const cy = await join("cy@example.com", { ref: bo.code, network: "203.0.113.0/24" });
    await confirm(cy.id, new Date(base.getTime() + 2000));
    const dee = await join("dee@example.com");
    const ed = await join("ed@example.com", { network: "203.0.114.0/24" });
    await confirm(ed.id, new Date(base.getTime() + 3000));
    await getDb().waitlistEntry.update({ where: { id: ed.id }, data: { status: "invited", invitedAt: base } });

    const list = async (sort: string) =>
      (await listWaitlistEntries(verified, waitlistListQuerySchema.parse({ sort }))).entries.map((e) => ({
        name: e.name,
        place: e.place,
        referrals: e.referrals,
      }));
    expect(await list("place_asc")).toEqual([
      { name: "bo", place: 1, referrals: 1 },
      { name: "ann", place: 2, referrals: 0 },
      { name: "cy", place: 3, referrals: 0 },
      { name: "dee", place: null, referrals: 0 },
      { name: "ed", place: null, referrals: 0 },
    ]);
    expect((await list("place_desc")).map((e) => e.name)).toEqual(["ed", "dee", "cy", "ann", "bo"]);
    // A search walks the same order.
    const searched = await listWaitlistEntries(
      verified,
      waitlistListQuerySchema.parse({ sort: "place_asc", q: "example" }),
    );
    expect(searched.entries.map((e) => e.name)).toEqual(["bo", "ann", "cy", "dee", "ed"]);
    // The export reads the same, in batches of two (keyed on the line's order) or as one COPY on PostgreSQL.
    const batches = [];
    for await (const batch of readWaitlistBatches(verified, waitlistExportQuerySchema.parse({ sort: "place_asc" }), 2))
      batches.push(...batch.map((row) => [row.name, row.place]));
    expect(batches).toEqual([
      ["bo", 1],
      ["ann", 2],
      ["cy", 3],
      ["dee", null],
      ["ed", null],
    ]);
    const { cookie } = await startTestSession(admin);
    const response = await exportCsv(
      new Request("http://localhost/api/admin/waitlist/export?sort=place_asc", { headers: { cookie } }),
      undefined,
    );
    const [header, ...records] = parse(await response.text(), { bom: true }) as string[][];
    const column = (name: string) => header!.indexOf(name);
    expect(
      records.map((record) =>
        ["Name", "Place", "Referral code", "Referred by", "Referrals"].map((name) => record[column(name)]),
      ),
    ).toEqual([
      ["bo", "1", bo.code, "", "1"],
      ["ann", "2", ann.code, "", "0"],
      ["cy", "3", cy.code, "bo@example.com", "0"],
      ["dee", "", dee.code, "", "0"],
      ["ed", "", ed.code, "", "0"],
    ]);
  });
});

describe(`inviting the next in line (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("invites from the front of the line, where a referral moved someone, then those who never confirmed", async () => {
    const verified = await verifiedAdminFor(await insertAdmin({ email: "ada@example.com" }));
    const ann = await join("ann@example.com", { network: "192.0.2.0/24" });
    const bo = await join("bo@example.com", { network: "198.51.100.0/24" });
    await join("dee@example.com");
    await confirm(ann.id);
    await confirm(bo.id, new Date(base.getTime() + 1000));
    const cy = await join("cy@example.com", { ref: bo.code, network: "203.0.113.0/24" });
    await confirm(cy.id, new Date(base.getTime() + 2000));
    const next = (limit: number, includeUnconfirmed = false) =>
      previewInvitations(verified, { filter: { q: "" }, limit, includeUnconfirmed });
    // Ann joined and confirmed first, but Bo's friend moved Bo ahead of her.
    expect(await next(1)).toMatchObject({ count: 1, firstName: "bo" });
    expect(await next(3)).toMatchObject({ count: 3, firstName: "bo" });
    await inviteEntries(verified, { filter: { q: "" }, limit: 2 }, "");
    expect(
      (await getDb().waitlistEntry.findMany({ where: { status: "invited" }, orderBy: { id: "asc" } })).map(
        (e) => e.name,
      ),
    ).toEqual(["ann", "bo"]);
    // Cy is next; Dee, who never confirmed, only when asked for.
    expect(await next(5)).toMatchObject({ count: 1, firstName: "cy" });
    expect(await next(5, true)).toMatchObject({ count: 2, firstName: "cy" });
  });
});

describe(`the export's referrer column (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("neutralises a referrer's address a spreadsheet would run as a formula", async () => {
    const admin = await insertAdmin({ email: "ada@example.com" });
    const sharer = await join("-2+3@example.com", { network: "192.0.2.0/24" });
    await join("friend@example.com", { ref: sharer.code, network: "198.51.100.0/24" });
    const { cookie } = await startTestSession(admin);
    const response = await exportCsv(
      new Request("http://localhost/api/admin/waitlist/export?q=friend", { headers: { cookie } }),
      undefined,
    );
    const [header, ...records] = parse(await response.text(), { bom: true }) as string[][];
    expect(records.map((record) => record[header!.indexOf("Referred by")])).toEqual(["'-2+3@example.com"]);
  });
});

describe(`the referral self-checks (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("strips a +tag at every provider and folds dots only at Gmail", async () => {
    const ann = await join("ann@example.com");
    await confirm(ann.id);
    const outlook = await join("ann@outlook.com");
    await confirm(outlook.id);
    const cases: [string, number, string][] = [
      // The referrer's own mailbox through a tag: at a company's domain, and at a provider's.
      ["Ann+promo@Example.com", ann.id, "self"],
      ["ann+waitlist@outlook.com", outlook.id, "self"],
      // Outlook does not ignore dots: a.nn@outlook.com is somebody else.
      ["a.nn@outlook.com", outlook.id, "credited"],
    ];
    const outcomes: string[] = [];
    for (const [index, [email, referrerId]] of cases.entries()) {
      const code = referrerId === ann.id ? ann.code : outlook.code;
      const friend = await join(email, { ref: code, network: `198.51.${index}.0/24` });
      await confirm(friend.id);
      outcomes.push((await entry(friend.id)).referralCredit!);
    }
    expect(outcomes).toEqual(cases.map(([, , outcome]) => outcome));
    expect((await entry(ann.id)).referralCredits).toBe(0);
    expect((await entry(outlook.id)).referralCredits).toBe(1);
  });

  it("credits one friend a UTC day from one domain that is not a free mailbox provider's", async () => {
    const a = await join("a@example.com");
    await confirm(a.id);
    const outcomes: string[] = [];
    const friends: [string, Date][] = [
      ["one@acme.example", base],
      ["two@ACME.example", new Date(base.getTime() + 60_000)],
      ["three@acme.example", new Date(base.getTime() + 2 * 60_000)],
      // Anyone may open addresses at a free provider: two friends there the same day both count.
      ["bo@gmail.com", base],
      ["cy@yahoo.co.uk", base],
      ["di@yahoo.co.uk", base],
      // A brand as a label of someone's own domain is that domain's.
      ["ed@yahoo.acme.example", base],
      ["flo@yahoo.acme.example", base],
      // The next UTC day, the domain may bring one more.
      ["four@acme.example", new Date(base.getTime() + DAY)],
    ];
    for (const [index, [email, at]] of friends.entries()) {
      const friend = await join(email, { ref: a.code, network: `10.7.${index}.0/24`, at });
      await confirm(friend.id, at);
      outcomes.push((await entry(friend.id)).referralCredit!);
    }
    expect(outcomes).toEqual([
      "credited",
      "domain-cap",
      "domain-cap",
      "credited",
      "credited",
      "credited",
      "credited",
      "domain-cap",
      "credited",
    ]);
    expect((await entry(a.id)).referralCredits).toBe(6);
  });

  it("judges free mailbox providers by the same list in the database as in lib/validation/freemail.ts", async () => {
    const samples = [
      ...FREEMAIL_DOMAINS,
      ...FREEMAIL_BRANDS.flatMap((brand) => [`${brand}.com`, `${brand}.fr`, `${brand}.co.uk`, `${brand}.com.au`]),
      "acme.example",
      "gmail.com.acme.example",
      "yahoo.acme.example",
      "hotmail.example.com",
      "mygmail.com",
    ];
    const rows = await getDb().$queryRaw<{ domain: string; freemail: boolean }[]>`
      SELECT d AS "domain", "waitlist_is_freemail"(d) AS "freemail" FROM unnest(${samples}::text[]) AS d`;
    expect(Object.fromEntries(rows.map((row) => [row.domain, row.freemail]))).toEqual(
      Object.fromEntries(samples.map((domain) => [domain, isFreemailDomain(domain)])),
    );
    expect(rows.filter((row) => row.freemail)).toHaveLength(FREEMAIL_DOMAINS.length + FREEMAIL_BRANDS.length * 4);
  });

  it("judges the same network across address families: an IPv6 address carrying the referrer's IPv4 one", async () => {
    const a = await join("a@example.com", { network: clientNetworkKey("203.0.113.5") });
    await confirm(a.id);
    const outcomes: string[] = [];
    // 6to4 and NAT64 addresses of that same IPv4 household, and a native IPv6 stranger.
    for (const [index, address] of ["2002:cb00:7109:1::5", "64:ff9b::203.0.113.77", "2001:db8:5:6::1"].entries()) {
      const friend = await join(`f${index}@f${index}.example`, { ref: a.code, network: clientNetworkKey(address) });
      await confirm(friend.id);
      outcomes.push((await entry(friend.id)).referralCredit!);
    }
    expect(outcomes).toEqual(["same-network", "same-network", "credited"]);
  });
});
