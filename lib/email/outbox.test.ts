import type { ParsedMail } from "mailparser";

import { GET as cronRoute } from "@/app/api/cron/outbox/route";
import { POST as newLinkRoute } from "@/app/api/waitlist/confirm/resend/route";
import { POST as leaveRoute } from "@/app/api/waitlist/leave/route";
import { POST as signupRoute } from "@/app/api/waitlist/route";
import {
  addWaitlistEntry,
  confirmWithToken,
  countWaitlistEntries,
  eraseWithLeaveToken,
  leaveTokenIsValid,
  requestNewConfirmation,
} from "@/lib/data/waitlist/signups";
import { getDb } from "@/lib/db";
import { NOT_CONFIGURED_ERROR, sweepOutbox } from "@/lib/email/outbox";
import { REMOVED_LINK } from "@/lib/email/render";
import { hashToken } from "@/lib/email/tokens";
import { NEW_LINK_SENT_MESSAGE } from "@/lib/validation/waitlist";
import { testRequest } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";
import { linksIn, mailboxForEachTest, startMailbox } from "@/test/smtp";
import { waitUntil } from "@/test/wait";

prepareTestDatabase();

const SITE = "https://otto.example";
const MINUTE = 60_000;
const signup = (email: string, name = "Ann Smith") =>
  ({ name, email, businessType: "cleaning", employees: "2-5", agreedToTerms: true }) as const;

const mailbox = mailboxForEachTest((started) => ({
  SMTP_URL: started.url,
  EMAIL_FROM: "Otto <hello@otto.example>",
  NEXT_PUBLIC_SITE_URL: SITE,
  EMAIL_RETRY_SCHEDULE: "60,300,1800",
}));

beforeEach(async () => {
  await resetDatabase();
});

const outbox = () => getDb().emailOutbox.findMany({ orderBy: { id: "asc" } });
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

const recipient = (mail: ParsedMail) => (mail.to && "text" in mail.to ? mail.to.text : "");

/** Signs up, sends what is due, and returns the message that went to this address. */
async function signupAndSend(email: string) {
  await addWaitlistEntry(signup(email));
  await sweepOutbox();
  const mail = mailbox.messages.find((message) => recipient(message) === email);
  if (!mail) throw new Error(`no email to ${email}`);
  return mail;
}

describe(`email outbox (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("queues a signup's confirmation in the same statement as the entry, keeping only the tokens' hashes", async () => {
    const id = await addWaitlistEntry(signup("ann@example.com"));
    const [row] = await outbox();
    expect(row).toMatchObject({
      id,
      kind: "confirmation",
      to: "ann@example.com",
      status: "pending",
      subject: "Confirm your place on the Otto waiting list",
    });
    const payload = row!.payload as { confirmUrl: string; leaveUrl: string };
    expect(payload.confirmUrl).toMatch(new RegExp(`^${SITE}/waitlist/confirm\\?token=[A-Za-z0-9_-]{43}$`));
    const tokens = await getDb().waitlistToken.findMany({ orderBy: { purpose: "asc" } });
    expect(tokens.map((token) => [token.purpose, token.tokenHash])).toEqual([
      ["confirm", hashToken(tokenOf(payload.confirmUrl))],
      ["leave", hashToken(tokenOf(payload.leaveUrl))],
    ]);
    // The raw tokens are nowhere in the tokens table.
    expect(JSON.stringify(tokens)).not.toContain(tokenOf(payload.confirmUrl));
    expect(tokens[0]!.expiresAt!.getTime() - tokens[0]!.createdAt.getTime()).toBe(7 * 24 * 60 * MINUTE);
    expect(tokens[1]!.expiresAt).toBeNull();
  });

  it("writes nothing when the statement fails: no entry, no token, no email", async () => {
    // A name the database refuses (a NUL byte) fails the one statement that would write all three.
    await expect(addWaitlistEntry(signup("nul@example.com", "Ann\u0000Smith"))).rejects.toThrow();
    expect(await getDb().waitlistEntry.count()).toBe(0);
    expect(await getDb().waitlistToken.count()).toBe(0);
    expect(await outbox()).toEqual([]);
  });

  it("sends over SMTP: HTML and text, absolute links, the one-click leave headers and a stable Message-ID; then forgets the links", async () => {
    const mail = await signupAndSend("ann@example.com");
    expect(mail.subject).toBe("Confirm your place on the Otto waiting list");
    expect(mail.from?.text).toBe('"Otto" <hello@otto.example>');
    expect(recipient(mail)).toBe("ann@example.com");
    expect(mail.html).toContain("Confirm my place");
    expect(mail.text).toContain("Confirm my place");
    const [row] = await outbox();
    expect(mail.messageId).toBe(row!.messageId);
    const links = linksIn(mail);
    const confirm = links.find((link) => link.includes("/waitlist/confirm?token="))!;
    const leave = links.find((link) => link.includes("/waitlist/leave?token="))!;
    expect(confirm.startsWith(`${SITE}/`)).toBe(true);
    const rawHeader = (key: string) =>
      mail.headerLines.find((line) => line.key === key)?.line.replace(/\r?\n\s+/g, " ");
    expect(rawHeader("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(rawHeader("list-unsubscribe")).toBe(`List-Unsubscribe: <${leave}>`);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(row!.payload).toMatchObject({ confirmUrl: REMOVED_LINK, leaveUrl: REMOVED_LINK });
  });

  it("confirms once with the link; again it says already confirmed; a leave token or a made-up one confirms nothing", async () => {
    const mail = await signupAndSend("ann@example.com");
    const links = linksIn(mail);
    const confirm = tokenOf(links.find((link) => link.includes("/confirm?"))!);
    const leave = tokenOf(links.find((link) => link.includes("/leave?"))!);
    expect(await confirmWithToken(leave)).toEqual({ status: "invalid" });
    expect(await confirmWithToken("x".repeat(43))).toEqual({ status: "invalid" });
    expect(await confirmWithToken(confirm)).toEqual({
      status: "confirmed",
      name: "Ann Smith",
      emailId: expect.any(Number),
    });
    const { confirmedAt } = await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: "ann@example.com" } });
    expect(confirmedAt).toBeInstanceOf(Date);
    expect(await confirmWithToken(confirm)).toEqual({ status: "already-confirmed", name: "Ann Smith" });
    expect(
      (await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: "ann@example.com" } })).confirmedAt,
    ).toEqual(confirmedAt);
  });

  it("refuses an expired confirmation link", async () => {
    const mail = await signupAndSend("ann@example.com");
    const confirm = tokenOf(linksIn(mail).find((link) => link.includes("/confirm?"))!);
    expect(await confirmWithToken(confirm, new Date(Date.now() + 7 * 24 * 60 * MINUTE + 1000))).toEqual({
      status: "invalid",
    });
    expect(
      (await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: "ann@example.com" } })).confirmedAt,
    ).toBeNull();
  });

  it("sends a repeat signup a new confirmation at most every ten minutes, a confirmed one none, with the same answer every time", async () => {
    // Only what is queued matters here: no sending after the response, which would outlive the test.
    delete process.env.SMTP_URL;
    const post = async (email: string) => {
      const response = await signupRoute(
        testRequest("/api/waitlist", {
          body: signup(email),
          headers: { "x-forwarded-for": `10.0.0.${Math.floor(Math.random() * 250)}` },
        }),
        undefined,
      );
      return { status: response.status, body: await response.json() };
    };
    const first = await post("ann@example.com");
    expect(await post("ann@example.com")).toEqual(first);
    expect(await getDb().emailOutbox.count()).toBe(1);

    // Eleven minutes later: a new one.
    await getDb().waitlistEntry.update({
      where: { email: "ann@example.com" },
      data: { confirmationSentAt: new Date(Date.now() - 11 * MINUTE) },
    });
    expect(await post("ann@example.com")).toEqual(first);
    expect(await getDb().emailOutbox.count()).toBe(2);

    // Confirmed: nothing more, whenever.
    await getDb().waitlistEntry.update({
      where: { email: "ann@example.com" },
      data: { confirmedAt: new Date(), confirmationSentAt: new Date(Date.now() - 60 * MINUTE) },
    });
    expect(await post("ann@example.com")).toEqual(first);
    expect(await getDb().emailOutbox.count()).toBe(2);
    expect(await getDb().waitlistEntry.count()).toBe(1);
  });

  it("answers a request for a new link the same whether the address is unknown, confirmed or waiting", async () => {
    delete process.env.SMTP_URL;
    await addWaitlistEntry(signup("waiting@example.com"));
    await addWaitlistEntry(signup("done@example.com"));
    await getDb().waitlistEntry.update({ where: { email: "done@example.com" }, data: { confirmedAt: new Date() } });
    await getDb().waitlistEntry.updateMany({ data: { confirmationSentAt: new Date(Date.now() - 11 * MINUTE) } });
    const answers = [];
    for (const email of ["nobody@example.com", "done@example.com", "waiting@example.com"]) {
      const response = await newLinkRoute(testRequest("/api/waitlist/confirm/resend", { body: { email } }), undefined);
      answers.push({ status: response.status, body: await response.json() });
    }
    expect(answers).toEqual(Array(3).fill({ status: 202, body: { message: NEW_LINK_SENT_MESSAGE } }));
    expect((await outbox()).map((row) => row.to)).toEqual([
      "waiting@example.com",
      "done@example.com",
      "waiting@example.com",
    ]);
    expect(await requestNewConfirmation("waiting@example.com")).toBeNull();
    expect(
      (await newLinkRoute(testRequest("/api/waitlist/confirm/resend", { body: { email: "not an email" } }), undefined))
        .status,
    ).toBe(400);
  });

  it("retries a message on the schedule while the mail server is down, then marks it failed with the last error", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:1";
    await addWaitlistEntry(signup("ann@example.com"));
    const start = Date.now();
    const at = (seconds: number) => new Date(start + seconds * 1000);
    const state = async () => {
      const [row] = await outbox();
      return {
        status: row!.status,
        attempts: row!.attempts,
        next: Math.round((row!.nextAttemptAt.getTime() - start) / 1000),
      };
    };
    expect(await sweepOutbox({ now: at(0) })).toEqual({ sent: 0, retried: 1, failed: 0, unsent: 0 });
    expect(await state()).toEqual({ status: "pending", attempts: 1, next: 60 });
    // Not due yet: nothing is tried.
    expect(await sweepOutbox({ now: at(59) })).toEqual({ sent: 0, retried: 0, failed: 0, unsent: 0 });
    await sweepOutbox({ now: at(60) });
    expect(await state()).toEqual({ status: "pending", attempts: 2, next: 360 });
    await sweepOutbox({ now: at(360) });
    expect(await state()).toEqual({ status: "pending", attempts: 3, next: 2160 });
    expect(await sweepOutbox({ now: at(2160) })).toEqual({ sent: 0, retried: 0, failed: 1, unsent: 0 });
    const [row] = await outbox();
    expect(row).toMatchObject({ status: "failed", attempts: 4 });
    expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);
    // A failed message is never tried again.
    expect(await sweepOutbox({ now: at(100_000) })).toEqual({ sent: 0, retried: 0, failed: 0, unsent: 0 });
  });

  it("fails a message whose payload does not fit its kind at once, saying why, and sends the others", async () => {
    for (const email of ["ann@example.com", "bob@example.com", "cy@example.com"]) await addWaitlistEntry(signup(email));
    const bob = (await outbox()).find((row) => row.to === "bob@example.com")!;
    // As a row written by another version (or by hand) might be: a link missing, the name not text.
    await getDb()
      .$executeRaw`UPDATE "email_outbox" SET "payload" = '{"name": 5, "leaveUrl": "x"}'::jsonb WHERE "id" = ${bob.id}`;
    expect(await sweepOutbox()).toEqual({ sent: 2, retried: 0, failed: 1, unsent: 0 });
    const rows = await outbox();
    expect(rows.map((row) => [row.to, row.status, row.attempts])).toEqual([
      ["ann@example.com", "sent", 1],
      ["bob@example.com", "failed", 1],
      ["cy@example.com", "sent", 1],
    ]);
    const failed = rows.find((row) => row.to === "bob@example.com")!;
    expect(failed.lastError).toContain("the payload of this confirmation email does not fit its kind");
    expect(failed.lastError).toMatch(/name: .*expected string/i);
    expect(failed.lastError).toMatch(/confirmUrl: /);
    expect(mailbox.messages.map(recipient).sort()).toEqual(["ann@example.com", "cy@example.com"]);
  });

  it("sends each message once when two sweeps run at the same moment", async () => {
    for (let index = 0; index < 12; index++) await addWaitlistEntry(signup(`person${index}@example.com`));
    const [a, b] = await Promise.all([sweepOutbox({ batch: 3 }), sweepOutbox({ batch: 3 })]);
    expect(a.sent + b.sent).toBe(12);
    const mine = () => mailbox.messages.filter((mail) => /^person\d+@example\.com$/.test(recipient(mail)));
    // Both sweeps have returned, so the mail server has accepted every message they handed over; the mailbox
    // parses each as it arrives.
    await waitUntil(() => mine().length >= 12, "the twelve messages");
    expect(mine()).toHaveLength(12);
    expect(new Set(mine().map((mail) => mail.messageId)).size).toBe(12);
    expect((await outbox()).every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });

  it("without SMTP_URL keeps every message in the outbox, not sent and untouched, and sends it once email is configured", async () => {
    delete process.env.SMTP_URL;
    await addWaitlistEntry(signup("ann@example.com"));
    expect(await sweepOutbox()).toEqual({ sent: 0, retried: 0, failed: 0, unsent: 0 });
    expect(await outbox()).toEqual([expect.objectContaining({ status: "pending", attempts: 0, lastError: null })]);
    expect(mailbox.messages).toHaveLength(0);
    process.env.SMTP_URL = mailbox.url;
    expect((await sweepOutbox()).sent).toBe(1);
  });

  it("in development, prints each unsent message's subject, recipient and links to the server log", async () => {
    delete process.env.SMTP_URL;
    const previous = process.env.NODE_ENV;
    const lines: string[] = [];
    const spy = jest.spyOn(console, "info").mockImplementation((line: unknown) => void lines.push(String(line)));
    try {
      Object.assign(process.env, { NODE_ENV: "development" });
      await addWaitlistEntry(signup("dev@example.com"));
      await sweepOutbox();
    } finally {
      Object.assign(process.env, { NODE_ENV: previous });
      spy.mockRestore();
    }
    const printed = lines.join("\n");
    expect(await outbox()).toEqual([expect.objectContaining({ status: "unsent", lastError: NOT_CONFIGURED_ERROR })]);
    expect(printed).toContain('"Confirm your place on the Otto waiting list" to dev@example.com');
    const [row] = await outbox();
    expect(printed).toContain((row!.payload as { confirmUrl: string }).confirmUrl);
    expect(printed).toContain((row!.payload as { leaveUrl: string }).leaveUrl);
  });

  it("erases an entry with one click: the row, its tokens and its email go, the count goes down; the link then names nobody", async () => {
    await addWaitlistEntry(signup("keep@example.com"));
    const mail = await signupAndSend("ann@example.com");
    await addWaitlistEntry(signup("ann@example.com")); // a pending message to it, too
    const leave = tokenOf(linksIn(mail).find((link) => link.includes("/leave?"))!);
    expect(await leaveTokenIsValid(leave)).toBe(true);
    expect(await countWaitlistEntries()).toBe(2);

    const post = (body: string, accept = "*/*") =>
      leaveRoute(
        new Request(`${SITE}/waitlist/leave?token=${leave}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", accept },
          body,
        }),
        undefined,
      );
    expect((await post("List-Unsubscribe=Something-Else")).status).toBe(400);
    expect(await countWaitlistEntries()).toBe(2);

    const response = await post("List-Unsubscribe=One-Click");
    expect(response.status).toBe(200);
    expect(await countWaitlistEntries()).toBe(1);
    expect(await getDb().waitlistEntry.findUnique({ where: { email: "ann@example.com" } })).toBeNull();
    expect((await outbox()).map((row) => row.to)).toEqual(["keep@example.com"]);
    const keep = await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: "keep@example.com" } });
    expect(await getDb().waitlistToken.count({ where: { entryId: { not: keep.id } } })).toBe(0);
    expect(await leaveTokenIsValid(leave)).toBe(false);

    // The page's own button posts as a browser: it is sent on to the page that says the data was deleted.
    const again = await post("List-Unsubscribe=One-Click", "text/html,application/xhtml+xml");
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe("/waitlist/leave?done=1");
    expect(await countWaitlistEntries()).toBe(1);
  });

  it("skips a message whose entry is erased while it is being sent: the sweep goes on and records the others", async () => {
    await addWaitlistEntry(signup("ann@example.com"));
    await addWaitlistEntry(signup("bob@example.com"));
    const [ann] = await outbox();
    const annLeaves = tokenOf((ann!.payload as { leaveUrl: string }).leaveUrl);
    // Ann uses her leave link while her confirmation is on its way: the mail server has it, and has not yet said so.
    const erasing = await startMailbox(0, [], {
      beforeAnswer: async (mail) => {
        if (recipient(mail) === "ann@example.com") expect(await eraseWithLeaveToken(annLeaves)).toBe(true);
      },
    });
    process.env.SMTP_URL = erasing.url;
    try {
      expect(await sweepOutbox()).toEqual({ sent: 2, retried: 0, failed: 0, unsent: 0 });
      expect(erasing.messages.map(recipient).sort()).toEqual(["ann@example.com", "bob@example.com"]);
    } finally {
      await erasing.stop();
    }
    expect((await outbox()).map((row) => [row.to, row.status])).toEqual([["bob@example.com", "sent"]]);
  });

  it("sends what is due from the cron route, with the scheduler's secret", async () => {
    process.env.CRON_SECRET = "a-cron-secret-of-some-length";
    try {
      await addWaitlistEntry(signup("ann@example.com"));
      const response = await cronRoute(
        new Request("http://localhost/api/cron/outbox", {
          headers: { authorization: "Bearer a-cron-secret-of-some-length" },
        }),
        undefined,
      );
      expect(response.status).toBe(200);
      expect((await response.json()).email).toEqual({ sent: 1, retried: 0, failed: 0, unsent: 0 });
      await mailbox.waitFor(1);
    } finally {
      delete process.env.CRON_SECRET;
    }
  });
});
