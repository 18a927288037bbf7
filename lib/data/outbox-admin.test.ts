import { getOutboxMessage, withRemovedLinksNoted } from "@/lib/data/outbox-admin";
import { addWaitlistEntry } from "@/lib/data/waitlist/signups";
import { getDb } from "@/lib/db";
import { REMOVED_LINK } from "@/lib/email/render";
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
