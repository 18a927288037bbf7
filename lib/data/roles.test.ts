import { type VerifiedAdmin } from "@/lib/auth/verified";
import { addAdmin, LastFullAdminError, listAdmins, setAdminRole, setAdminStatus } from "@/lib/data/admins";
import { listAuditEntries, readAuditBatches, recordAuditExport } from "@/lib/data/audit-admin";
import { getNotifyChoice, setNotifyChoice } from "@/lib/data/notifications";
import { listAdminSessions } from "@/lib/data/sessions";
import {
  deleteWaitlistEntry,
  getWaitlistEntry,
  inviteOrResend,
  resendConfirmation,
} from "@/lib/data/waitlist/entry-actions";
import { copyWaitlistCsv, readWaitlistBatches, recordWaitlistExport } from "@/lib/data/waitlist/export";
import { deleteHeldEntries, releaseHeldEntries } from "@/lib/data/waitlist/held";
import { inviteEntries, previewInvitations, resendInvitation } from "@/lib/data/waitlist/invitations";
import { listWaitlistEntries } from "@/lib/data/waitlist/list";
import { addWaitlistEntry } from "@/lib/data/waitlist/signups";
import { createWebhook, deleteWebhook, listWebhooks, sendTestEvent } from "@/lib/data/webhooks";
import { getDb } from "@/lib/db";
import { HttpError } from "@/lib/http";
import { waitlistExportQuerySchema, waitlistListQuerySchema } from "@/lib/validation/waitlist-query";
import { insertAdmin, verifiedAdminFor } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

const NOW = new Date("2026-03-02T10:00:00Z");
const exportQuery = waitlistExportQuerySchema.parse({});

let ada: VerifiedAdmin;
let mel: VerifiedAdmin;
let vic: VerifiedAdmin;
let ann: number;
let held: number;

beforeEach(async () => {
  await resetDatabase();
  ada = await verifiedAdminFor(await insertAdmin({ email: "ada@example.com", name: "Ada" }));
  mel = await verifiedAdminFor(await insertAdmin({ email: "mel@example.com", name: "Mel", role: "member" }));
  vic = await verifiedAdminFor(await insertAdmin({ email: "vic@example.com", name: "Vic", role: "viewer" }));
  const person = (name: string) => ({
    name,
    email: `${name.toLowerCase()}@example.com`,
    businessType: "car" as const,
    employees: "1" as const,
    agreedToTerms: true as const,
  });
  await addWaitlistEntry(person("Ann"), NOW, {});
  await addWaitlistEntry(person("Hal"), NOW, { heldReason: "missing" });
  const rows = await getDb().waitlistEntry.findMany({ select: { id: true, name: true } });
  ann = rows.find((row) => row.name === "Ann")!.id;
  held = rows.find((row) => row.name === "Hal")!.id;
});

/** The call is refused with a 403 and exactly this message. */
async function expectRefused(call: () => unknown, message: string): Promise<void> {
  const error = await (async () => call())().then(
    () => new Error("it was allowed"),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  expect(error).toMatchObject({ status: 403, message });
}

/** Everything an action could change: the list, its emails and the audit log. */
const snapshot = async () => ({
  entries: await getDb().waitlistEntry.findMany({
    orderBy: { id: "asc" },
    select: { id: true, status: true, heldAt: true },
  }),
  emails: await getDb().emailOutbox.count(),
  audit: await getDb().auditLog.count(),
});

const fullAdmins = () => getDb().adminUser.count({ where: { isActive: true, role: "admin" } });

describe(`roles in the data layer (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("carry the role on the verified admin", () => {
    expect([ada.role, mel.role, vic.role]).toEqual(["admin", "member", "viewer"]);
  });

  it("refuse a viewer every export, invitation, deletion, resend and release with a plain 403, changing nothing", async () => {
    const before = await snapshot();
    const exporting = "Your role (viewer) cannot export the list. Ask an admin.";
    await expectRefused(() => readWaitlistBatches(vic, exportQuery), exporting);
    await expectRefused(() => copyWaitlistCsv(vic, exportQuery), exporting);
    await expectRefused(() => recordWaitlistExport(vic, exportQuery, { records: 1, completed: true }), exporting);
    const inviting = "Your role (viewer) cannot invite people. Ask an admin.";
    await expectRefused(() => inviteEntries(vic, { ids: [ann], includeUnconfirmed: true }, ""), inviting);
    await expectRefused(() => previewInvitations(vic, { ids: [ann], includeUnconfirmed: true }), inviting);
    await expectRefused(() => inviteOrResend(vic, ann, ""), inviting);
    const deleting = "Your role (viewer) cannot delete signups. Ask an admin.";
    await expectRefused(() => deleteWaitlistEntry(vic, ann), deleting);
    await expectRefused(() => deleteHeldEntries(vic, [held]), deleting);
    const resending = "Your role (viewer) cannot resend emails. Ask an admin.";
    await expectRefused(() => resendConfirmation(vic, ann), resending);
    await expectRefused(() => resendInvitation(vic, ann, ""), resending);
    await expectRefused(
      () => releaseHeldEntries(vic, [held]),
      "Your role (viewer) cannot release held signups. Ask an admin.",
    );
    const auditExport = "Your role (viewer) cannot export the audit log. Ask an admin.";
    await expectRefused(() => readAuditBatches(vic, { page: 1 }), auditExport);
    await expectRefused(() => recordAuditExport(vic, { page: 1 }, { records: 0, completed: true }), auditExport);
    await expectRefused(() => listWebhooks(vic), "Your role (viewer) cannot manage webhooks. Ask an admin.");
    await expectRefused(() => listAdmins(vic), "Your role (viewer) cannot manage admin users. Ask an admin.");
    expect(await snapshot()).toEqual(before);
  });

  it("let a viewer read the list, an entry and the audit log, and keep their own email choice and sessions", async () => {
    const page = await listWaitlistEntries(vic, waitlistListQuerySchema.parse({}));
    expect(page.entries.map((entry) => entry.id)).toContain(ann);
    expect(await getWaitlistEntry(vic, ann)).toMatchObject({ id: ann });
    await expect(listAuditEntries(vic, { page: 1 })).resolves.toMatchObject({ entries: expect.any(Array) });
    await setNotifyChoice(vic, "digest");
    expect(await getNotifyChoice(vic)).toBe("digest");
    expect(await listAdminSessions(vic)).toHaveLength(1);
  });

  it("let a member do the waiting-list work but refuse them admin users and webhooks", async () => {
    expect((await inviteEntries(mel, { ids: [ann], includeUnconfirmed: true }, "")).invited).toBe(1);
    expect((await releaseHeldEntries(mel, [held])).released).toBe(1);
    let exported = 0;
    for await (const batch of readWaitlistBatches(mel, exportQuery)) exported += batch.length;
    expect(exported).toBe(2);
    expect(await deleteWaitlistEntry(mel, ann)).toBe(true);

    const before = await snapshot();
    const admins = "Your role (member) cannot manage admin users. Ask an admin.";
    await expectRefused(() => listAdmins(mel), admins);
    await expectRefused(
      () => addAdmin(mel, { name: "Eve", email: "eve@example.com", password: "password-123" }),
      admins,
    );
    await expectRefused(() => setAdminStatus(mel, vic.id, false), admins);
    await expectRefused(() => setAdminRole(mel, mel.id, "admin"), admins);
    const webhooks = "Your role (member) cannot manage webhooks. Ask an admin.";
    await expectRefused(() => listWebhooks(mel), webhooks);
    await expectRefused(() => createWebhook(mel, "https://example.com/hook"), webhooks);
    await expectRefused(() => deleteWebhook(mel, 1), webhooks);
    await expectRefused(() => sendTestEvent(mel, 1), webhooks);
    expect(await snapshot()).toEqual(before);
    expect(await getDb().adminUser.findUniqueOrThrow({ where: { id: mel.id } })).toMatchObject({ role: "member" });
  });

  it("change a role with an audit entry naming the old and new roles; the admin's next request has the new role", async () => {
    const changed = await setAdminRole(ada, mel.id, "viewer");
    expect(changed).toMatchObject({ id: mel.id, role: "viewer" });
    // The same role again changes nothing and records nothing.
    await setAdminRole(ada, mel.id, "viewer");
    const entries = await getDb().auditLog.findMany({ where: { action: "admin.role" } });
    expect(entries).toEqual([
      expect.objectContaining({
        adminId: ada.id,
        target: `admin:${mel.id}`,
        details: { email: "mel@example.com", from: "member", to: "viewer" },
      }),
    ]);
    const narrowed = await verifiedAdminFor({ id: mel.id });
    expect(narrowed.role).toBe("viewer");
    await expectRefused(
      () => inviteEntries(narrowed, { ids: [ann] }, ""),
      "Your role (viewer) cannot invite people. Ask an admin.",
    );
  });

  it("check the actor's role again under the locks: an admin narrowed since their session was read is refused", async () => {
    const grace = await verifiedAdminFor(await insertAdmin({ email: "grace@example.com", name: "Grace" }));
    await getDb().adminUser.update({ where: { id: grace.id }, data: { role: "member" } });
    await expectRefused(
      () => setAdminRole(grace, vic.id, "admin"),
      "Your role (member) cannot manage admin users. Ask an admin.",
    );
    await expectRefused(
      () => setAdminStatus(grace, vic.id, false),
      "Your role (member) cannot manage admin users. Ask an admin.",
    );
  });

  it("never narrow or deactivate the last active admin with full rights (409), writing nothing", async () => {
    // An inactive admin with full rights does not count.
    await insertAdmin({ email: "old@example.com", isActive: false });
    const before = await snapshot();
    await expect(setAdminRole(ada, ada.id, "member")).rejects.toBeInstanceOf(LastFullAdminError);
    await expect(setAdminRole(ada, ada.id, "viewer")).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/only active admin with full rights/),
    });
    await expect(setAdminStatus(ada, ada.id, false)).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/before deactivating this one/),
    });
    expect(await snapshot()).toEqual(before);
    expect(await fullAdmins()).toBe(1);

    // With a second admin with full rights, either may be narrowed.
    await setAdminRole(ada, mel.id, "admin");
    await setAdminRole(ada, ada.id, "member");
    expect(await fullAdmins()).toBe(1);
  });

  it("leave one admin with full rights when the last two narrow each other at the same moment", async () => {
    const grace = await verifiedAdminFor(await insertAdmin({ email: "grace@example.com", name: "Grace" }));
    const results = await Promise.allSettled([
      setAdminRole(ada, grace.id, "viewer"),
      setAdminRole(grace, ada.id, "viewer"),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ status: expect.any(Number) });
    expect([403, 409]).toContain((refused as PromiseRejectedResult).reason.status);
    expect(await fullAdmins()).toBe(1);
    expect(await getDb().auditLog.count({ where: { action: "admin.role" } })).toBe(1);
  });

  it("leave one admin with full rights when one admin narrows both at once, or narrowing races a deactivation", async () => {
    const grace = await verifiedAdminFor(await insertAdmin({ email: "grace@example.com", name: "Grace" }));
    await Promise.allSettled([setAdminRole(ada, ada.id, "member"), setAdminRole(ada, grace.id, "member")]);
    expect(await fullAdmins()).toBe(1);

    const remaining = await getDb().adminUser.findFirstOrThrow({ where: { role: "admin", isActive: true } });
    const other = remaining.id === ada.id ? grace : ada;
    await getDb().adminUser.update({ where: { id: other.id }, data: { role: "admin" } });
    const [first, second] = remaining.id === ada.id ? [ada, grace] : [grace, ada];
    await Promise.allSettled([setAdminStatus(first, second.id, false), setAdminRole(second, first.id, "viewer")]);
    expect(await fullAdmins()).toBe(1);
  });
});
