import { queueErrorAlerts } from "@/lib/data/error-alerts";
import { resolveErrorGroup } from "@/lib/data/errors";
import { digestFor } from "@/lib/data/notifications";
import { sweepOutbox } from "@/lib/email/outbox";
import { recordError } from "@/lib/errors/record";
import { insertAdmin, verifiedAdminFor } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";
import { linksIn, mailboxForEachTest } from "@/test/smtp";

prepareTestDatabase();

const SITE = "https://otto.example";
const MINUTE = 60 * 1000;
const T0 = new Date("2026-11-20T10:00:00.000Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * MINUTE);

const mailbox = mailboxForEachTest((started) => ({
  SMTP_URL: started.url,
  EMAIL_FROM: "Otto <hello@otto.example>",
  NEXT_PUBLIC_SITE_URL: SITE,
}));

beforeEach(() => resetDatabase());

const boom = (message = "The quote could not be saved", route = "/api/quotes") =>
  ({ kind: "server", name: "Error", message, route, method: "POST" }) as const;

const alerts = () =>
  mailbox.messages
    .filter((mail) => /new errors? on the /i.test(mail.subject ?? ""))
    .map((mail) => `${mail.to && "text" in mail.to ? mail.to.text : ""}: ${mail.subject}`)
    .sort();

async function sendQueued(now: Date) {
  await sweepOutbox({ now });
}

describe(`new-error alerts (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("tells each active full admin of a new cause once, and again at most once an hour when it comes back", async () => {
    const full = await insertAdmin({ email: "full@example.com" });
    await insertAdmin({ email: "member@example.com", role: "member" });
    await insertAdmin({ email: "viewer@example.com", role: "viewer" });
    await insertAdmin({ email: "gone@example.com", isActive: false });

    await recordError(boom(), at(0));
    await recordError(boom(), at(1));
    await recordError(boom("Another cause", "/api/visit"), at(2));
    // Two sweeps at once: the causes are claimed by one of them.
    const [first, second] = await Promise.all([queueErrorAlerts(at(3)), queueErrorAlerts(at(3))]);
    expect(first.length + second.length).toBe(1);
    await sendQueued(at(3));
    expect(alerts()).toEqual(["full@example.com: 2 new errors on the Otto site"]);
    const mail = mailbox.messages.find((message) => /new errors/.test(message.subject ?? ""))!;
    expect(mail.text).toContain("The quote could not be saved");
    expect(mail.text).toContain("2 times so far");
    expect(linksIn(mail)).toContain(`${SITE}/admin/errors`);

    // It happens again: not new, so no email.
    await recordError(boom(), at(10));
    expect(await queueErrorAlerts(at(11))).toEqual([]);

    // Resolved, then back within the hour of its alert: the email waits for the hour, then goes once.
    await resolveErrorGroup(await verifiedAdminFor(full), 1, at(20));
    await recordError(boom(), at(30));
    expect(await queueErrorAlerts(at(31))).toEqual([]);
    expect(await queueErrorAlerts(at(63))).toHaveLength(1);
    expect(await queueErrorAlerts(at(64))).toEqual([]);
    await sendQueued(at(64));
    expect(alerts()).toEqual([
      "full@example.com: 2 new errors on the Otto site",
      "full@example.com: A new error on the Otto site",
    ]);
  });

  it("counts the day's new causes in the daily digest", async () => {
    await recordError(boom(), new Date("2026-11-19T23:59:00.000Z"));
    await recordError(boom(), new Date("2026-11-20T08:00:00.000Z"));
    await recordError(boom("A cause of the day", "/api/visit"), new Date("2026-11-20T12:00:00.000Z"));
    await recordError(boom("Tomorrow's", "/api/visit"), new Date("2026-11-21T00:00:00.000Z"));
    expect((await digestFor("2026-11-20")).errors).toBe(1);
  });
});
