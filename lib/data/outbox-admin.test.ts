import { getOutboxMessage, listOutbox, OUTBOX_PAGE_SIZE, withRemovedLinksNoted } from "@/lib/data/outbox-admin";
import { addWaitlistEntry } from "@/lib/data/waitlist/signups";
import { getDb } from "@/lib/db";
import { EMAIL_KIND_LIST } from "@/lib/email/kinds";
import { REMOVED_LINK } from "@/lib/email/render";
import { isOutboxFiltered, OUTBOX_FILTERS, outboxViewHref, readOutboxView } from "@/lib/validation/outbox-filters";
import { insertAdmin, verifiedAdminFor } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

beforeEach(async () => {
  await resetDatabase();
});

describe(`an email in the outbox, as the admin area shows it (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("shows a message not sent yet with its working links only to a role that may resend emails", async () => {
    delete process.env.SMTP_URL;
    await addWaitlistEntry({
      name: "Ann Smith",
      email: "ann@example.com",
      businessType: "car",
      employees: "1",
      agreedToTerms: true,
    });
    const { id } = await getDb().emailOutbox.findFirstOrThrow({ where: { kind: "confirmation" } });
    const link = /\/waitlist\/(confirm|leave)\?token=[\w-]{20,}/;

    const admin = await verifiedAdminFor(await insertAdmin({ email: "ada@example.com" }));
    const member = await verifiedAdminFor(await insertAdmin({ email: "mo@example.com", role: "member" }));
    const viewer = await verifiedAdminFor(await insertAdmin({ email: "vi@example.com", role: "viewer" }));
    expect((await getOutboxMessage(admin, id))!.html).toMatch(link);
    expect((await getOutboxMessage(member, id))!.html).toMatch(link);
    // A viewer reads the message, but following its link would confirm (or erase) someone: it is blanked.
    const seen = (await getOutboxMessage(viewer, id))!;
    expect(seen.html).not.toMatch(link);
    expect(seen.text).not.toMatch(link);
    expect(seen.html).toContain("Ann Smith");
  });

  it("says in words where a link was removed once sent, never showing the stand-in address", async () => {
    await addWaitlistEntry({
      name: "Rosa Nowak",
      email: "rosa.nowak53@example.com",
      businessType: "car",
      employees: "1",
      agreedToTerms: true,
    });
    const row = await getDb().emailOutbox.findFirstOrThrow({ where: { kind: "confirmation" } });
    // As the outbox keeps a message once it has gone: its links blanked.
    const payload = { ...(row.payload as Record<string, unknown>), confirmUrl: REMOVED_LINK, leaveUrl: REMOVED_LINK };
    await getDb().emailOutbox.update({ where: { id: row.id }, data: { status: "sent", sentAt: new Date(), payload } });
    const admin = await verifiedAdminFor(await insertAdmin({ email: "ada@example.com" }));
    const seen = (await getOutboxMessage(admin, row.id))!;
    expect(seen.html).not.toContain("about:blank");
    expect(seen.text).not.toContain("about:blank");
    expect(seen.text).toContain("Link removed after sending");
    expect(seen.html).toContain("Rosa Nowak");
  });

  it("keeps the buttons of a blanked link but takes away where they led", () => {
    const noted = withRemovedLinksNoted(
      { html: `<a href="${REMOVED_LINK}">Confirm</a><p>${REMOVED_LINK}</p>`, text: `Confirm: ${REMOVED_LINK}` },
      "Link removed after sending",
    );
    expect(noted).toEqual({
      html: '<a >Confirm</a><p><span style="word-break:normal;overflow-wrap:normal">Link removed after sending</span></p>',
      text: "Confirm: (Link removed after sending)",
    });
  });
});

describe(`the Emails page's search and filters (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  const queue = async (to: string, kind: string, status = "pending") =>
    getDb().emailOutbox.create({
      data: { to, kind, status, subject: `A ${kind}`, payload: {}, messageId: `<${to}.${kind}@test>` },
    });
  const recipients = (page: { messages: { to: string; kind: string; status: string }[] }) =>
    page.messages.map((message) => `${message.to} ${message.kind} ${message.status}`);
  const read = (search: string) => readOutboxView(new URLSearchParams(search));

  it("finds Lee's confirmation with one search for part of her address, in any case", async () => {
    await queue("lee.harper@example.com", "confirmation", "sent");
    await queue("lee.harper@example.com", "confirmed", "pending");
    await queue("leena@example.org", "confirmation", "failed");
    await queue("ann@example.com", "confirmation", "sent");
    const admin = await verifiedAdminFor(await insertAdmin({ email: "ada@example.com" }));

    const lee = await listOutbox(admin, 1, read("q=LEE.Harp").filter);
    expect(recipients(lee)).toEqual([
      "lee.harper@example.com confirmed pending",
      "lee.harper@example.com confirmation sent",
    ]);
    expect(lee.total).toBe(2);
    expect(recipients(await listOutbox(admin, 1, read("q=lee&kind=confirmation").filter))).toEqual([
      "leena@example.org confirmation failed",
      "lee.harper@example.com confirmation sent",
    ]);
    expect(recipients(await listOutbox(admin, 1, read("q=lee&kind=confirmation&status=sent").filter))).toEqual([
      "lee.harper@example.com confirmation sent",
    ]);
    expect(recipients(await listOutbox(admin, 1, read("status=failed").filter))).toEqual([
      "leena@example.org confirmation failed",
    ]);
    // Typed text matches literally: LIKE's wildcards are only characters.
    expect((await listOutbox(admin, 1, read("q=lee_harper").filter)).total).toBe(0);
    expect((await listOutbox(admin, 1, read("q=%25").filter)).total).toBe(0);
    expect((await listOutbox(admin, 1, read("").filter)).total).toBe(4);
  });

  it("keeps the filters across pages, and counts only what they match", async () => {
    for (let i = 0; i < OUTBOX_PAGE_SIZE + 3; i++) await queue(`bulk${i}@example.com`, "broadcast", "sent");
    await queue("bulk-other@example.com", "invitation", "sent");
    const admin = await verifiedAdminFor(await insertAdmin({ email: "ada@example.com" }));
    const filter = read("q=bulk&kind=broadcast").filter;
    const second = await listOutbox(admin, 2, filter);
    expect(second.total).toBe(OUTBOX_PAGE_SIZE + 3);
    expect(second.messages).toHaveLength(3);
    expect(second.messages.every((message) => message.kind === "broadcast")).toBe(true);
    expect(outboxViewHref({ filter, page: 2 })).toBe("/admin/emails?q=bulk&kind=broadcast&page=2");
  });

  it("checks the admin in the data layer", async () => {
    await expect(listOutbox({ id: 1, role: "owner" } as never, 1, {})).rejects.toThrow();
  });
});

describe("the Emails page's address", () => {
  const read = (search: string) => readOutboxView(new URLSearchParams(search));

  it("reads each filter through its descriptor's schema, and leaves out what one cannot use, saying why", () => {
    expect(read("q=%20Lee%20&kind=confirmation&status=sent&page=3")).toEqual({
      filter: { to: "Lee", kind: "confirmation", status: "sent" },
      page: 3,
      refused: {},
    });
    const bad = read(`q=${"x".repeat(300)}&kind=spam&status=lost&page=zero`);
    expect(bad.filter).toEqual({});
    expect(bad.page).toBe(1);
    expect(Object.keys(bad.refused).sort()).toEqual(["kind", "status", "to"]);
    expect(bad.refused.kind).toBe("kind must be one of the kinds of email");
    expect(read("q=&kind=&status=").filter).toEqual({});
    expect(isOutboxFiltered(read("q=&kind=").filter)).toBe(false);
    expect(isOutboxFiltered(read("status=failed").filter)).toBe(true);
    expect(outboxViewHref({ filter: {}, page: 1 })).toBe("/admin/emails");
  });

  it("offers every kind of email by its label, from the kinds' registry", () => {
    const kind = OUTBOX_FILTERS.find((descriptor) => descriptor.key === "kind")!;
    expect(kind.control.kind === "select" && kind.control.options).toEqual(
      EMAIL_KIND_LIST.map((definition) => ({ value: definition.kind, label: definition.label })),
    );
  });
});
