import "server-only";

import { siteConfig } from "@/config/site";
import type { ProofClaim } from "@/lib/challenge/altcha";
import { auditInsertSql, type AuditActor } from "@/lib/data/audit";
import { creditLeaveToBroadcastSql } from "@/lib/data/broadcast-leave";
import { forgetCachedPlaces, keepConfirmedPlace } from "@/lib/data/waitlist/line";
import { queueReferralEmail } from "@/lib/data/waitlist/referral-emails";
import { suppressErasedSql } from "@/lib/data/waitlist/suppression";
import { getDb } from "@/lib/db";
import { confirmationSubject } from "@/lib/email/kinds/confirmation";
import { withdrawReminderSql } from "@/lib/email/kinds/confirmation-reminder";
import { queueConfirmedEmailSql } from "@/lib/email/kinds/confirmed";
import { signupAlertSubjectPrefix } from "@/lib/email/kinds/signup-alert";
import { messageDomain } from "@/lib/email/message-id";
import { absoluteUrl } from "@/lib/email/site";
import { CONFIRM_TOKEN_TTL_MS, hashToken, newToken, statusTokenOf } from "@/lib/email/tokens";
import { Prisma } from "@/lib/generated/prisma/client";
import { rateLimitHitsSql, type RateLimitRule } from "@/lib/rate-limit";
import { singleFlightCache } from "@/lib/single-flight-cache";
import type { ProofFailure } from "@/lib/validation/challenge";
import type { SignupSource, WaitlistSignup } from "@/lib/validation/waitlist";
import { visitToClaim } from "@/lib/visits/count";

/** Signups allowed per client IP; counted in the database so the limit holds across server instances. */
export const WAITLIST_RATE_LIMIT = { limit: 5, windowMs: 60_000 } as const;
export const WAITLIST_RATE_LIMIT_MESSAGE = "Too many signups from your connection. Please wait a minute and try again.";
/** The answer when the site-wide backstop (WAITLIST_SIGNUPS_PER_MINUTE) is reached. */
export const WAITLIST_BUSY_MESSAGE = "We're receiving a lot of signups right now. Please wait a minute and try again.";
export const WAITLIST_SUCCESS_MESSAGE = "You're on the list! We'll email you when it's your turn to try the product.";

/**
 * Caching of GET /api/waitlist/count: a CDN may hold it 10 s and serve it stale for a minute while it
 * refetches; browsers always revalidate. The form asks for a fresh copy (a unique query string) after a signup.
 */
export const WAITLIST_COUNT_CACHE_CONTROL = "public, max-age=0, s-maxage=10, stale-while-revalidate=60";

/** A repeat signup (or a request for a new link) sends another confirmation at most this often. */
export const CONFIRMATION_RESEND_INTERVAL_MS = 10 * 60 * 1000;

/** An admin's resend, recorded in the audit log in the same statement as the email it queues. */
export interface ConfirmationAudit {
  actor: AuditActor;
  target: string;
}

/** Who signs up, or asks for a new link (a request has only the email). */
export interface ConfirmationFields {
  name: string | null;
  email: string;
  businessType: string | null;
  /** "What kind of business?", given with the business type "other" (a signup's only). */
  businessDescription?: string | null;
  employees: string | null;
  source?: SignupSource;
  /** The code of the personal link the visitor came through, if any. */
  referralCode?: string;
  /** The signup's client network (clientNetworkKey), to withhold referral credit between neighbours. */
  signupNetwork?: string | null;
  /**
   * Why the signup is held for review (its proof of work failed: ProofFailure), or absent for a proven one,
   * which releases the address's held entry if it has one.
   */
  heldReason?: string | null;
  /** False for an admin's release of a held entry: its confirmation goes, but no new-signup alert. */
  releaseAlerts?: boolean;
  /** A checked proof of work to use up in the same call (a replay holds the signup instead). */
  proof?: { signatureHash: Buffer; expiresAt: Date };
  /** The visit the landing page counted for this visitor (visitToClaim), for a new entry to claim. */
  visit?: { day: string; hash: string };
}

/**
 * The one call that queues a confirmation email through the database function `waitlist_queue_confirmation`
 * (prisma/sql/functions/waitlist_queue_confirmation.sql), one transaction: for a signup it first adds the
 * entry, claims its counted visit and queues the new-signup alerts admins asked for; for a request (or an
 * admin's release, or an import) it finds the entry. Either way it writes the confirmation and leave tokens
 * (hashes only: the tokens themselves go only into the message) and the confirmation email's outbox row. It
 * returns the outbox id as "id", or null when nothing was queued. Its fields travel as one JSON argument by
 * name, so the function's signature stays the same whatever is added.
 */
export function queueConfirmationSql(
  signup: boolean,
  fields: ConfirmationFields,
  now: Date,
  resendBefore: Date,
): Prisma.Sql {
  return Prisma.sql`SELECT ${queueConfirmationCall(signup, fields, now, resendBefore)} AS "id"`;
}

/** The function call itself (queueConfirmationSql), for a statement that calls it only on a condition. */
function queueConfirmationCall(signup: boolean, fields: ConfirmationFields, now: Date, resendBefore: Date): Prisma.Sql {
  const confirmToken = newToken();
  const leaveToken = newToken();
  const call = {
    signup,
    name: fields.name,
    email: fields.email,
    businessType: fields.businessType,
    businessDescription: fields.businessDescription ?? null,
    employees: fields.employees,
    now,
    resendBefore,
    confirmHash: hashToken(confirmToken),
    leaveHash: hashToken(leaveToken),
    expiresAt: new Date(now.getTime() + CONFIRM_TOKEN_TTL_MS),
    subject: confirmationSubject(siteConfig.name),
    confirmUrl: absoluteUrl(`/waitlist/confirm?token=${confirmToken}`),
    leaveUrl: absoluteUrl(`/waitlist/leave?token=${leaveToken}`),
    messageDomain: messageDomain(),
    utmSource: fields.source?.utmSource ?? null,
    utmMedium: fields.source?.utmMedium ?? null,
    utmCampaign: fields.source?.utmCampaign ?? null,
    referrer: fields.source?.referrer ?? null,
    alertSubject: signupAlertSubjectPrefix(siteConfig.name),
    referralCode: fields.referralCode ?? null,
    signupNetwork: fields.signupNetwork ?? null,
    heldReason: fields.heldReason ?? null,
    releaseAlerts: fields.releaseAlerts ?? true,
    proofHash: fields.proof?.signatureHash.toString("hex") ?? null,
    proofExpiresAt: fields.proof?.expiresAt ?? null,
    visitDay: fields.visit?.day ?? null,
    visitHash: fields.visit?.hash ?? null,
  };
  return Prisma.sql`"waitlist_queue_confirmation"(${JSON.stringify(call)}::jsonb)`;
}

/**
 * Queues a confirmation email (and, for a signup, adds the entry first) in one call of the database
 * function `waitlist_queue_confirmation` (queueConfirmationSql), with an admin's resend recorded in the same
 * statement.
 */
async function queueConfirmation(
  signup: boolean,
  fields: ConfirmationFields,
  now: Date,
  options: { resendBefore?: Date; audit?: ConfirmationAudit; limits?: SignupLimits } = {},
): Promise<number | null> {
  const resendBefore = options.resendBefore ?? new Date(now.getTime() - CONFIRMATION_RESEND_INTERVAL_MS);
  if (options.limits) {
    // The limits' hits and the signup in one statement: the signup runs only if every limit allows.
    const hits = rateLimitHitsSql(options.limits.rules, options.limits.message, now.getTime());
    const rows = await getDb().$queryRaw<{ id: number | null; counts: (number | null)[] }[]>`
      WITH ${hits.with}
      SELECT ${hits.counts} AS "counts",
             CASE WHEN ${hits.allowed} THEN ${queueConfirmationCall(signup, fields, now, resendBefore)} END AS "id"`;
    const refusal = hits.refusal(rows[0]?.counts ?? []);
    if (refusal) throw refusal;
    return rows[0]?.id ?? null;
  }
  const call = queueConfirmationSql(signup, fields, now, resendBefore);
  const audit = options.audit;
  const rows = audit
    ? await getDb().$queryRaw<{ id: number | null }[]>`
        WITH queued AS (${call}), audit AS (${auditInsertSql(audit.actor, "waitlist.resend_confirmation", {
          target: Prisma.sql`${audit.target}::text`,
          at: now,
          from: Prisma.sql`FROM queued WHERE "id" IS NOT NULL`,
        })})
        SELECT "id" FROM queued`
    : await getDb().$queryRaw<{ id: number | null }[]>(call);
  return rows[0]?.id ?? null;
}

/**
 * The rate limits a signup counts against (fixed windows, distinct keys), in order, and what a refusal says
 * when its rule has no words of its own: counted in the signup's own statement (rateLimitHitsSql).
 */
export interface SignupLimits {
  rules: RateLimitRule[];
  message: string;
}

/**
 * Adds a signup and queues its confirmation email in one transaction: the entry, its confirmation and
 * leave tokens (hashes only) and the outbox row all exist, or none does. A signup with an email already on
 * the list changes none of its details, so nobody who merely knows an address can rewrite that person's
 * details or consent; if that entry is unconfirmed and no confirmation went out in the last ten minutes, a
 * new one is queued (the source stays the first signup's too). Concurrent identical signups leave exactly one
 * row. With a `heldReason` (no valid proof of work) a new entry is stored held and nothing is sent; without
 * one, an entry of the address held earlier is released. A checked `proof` is used up in the same call, and
 * a proof used before holds the signup as "replayed". With the `visitor` (address and user agent) a new entry
 * claims the visit the landing page's beacon counted for it today, if any, in the same call
 * (lib/visits/count.ts). With `limits`, the rate limits are counted in the same statement, and a limit that
 * refuses throws its 429 with nothing stored. Returns the id of the queued email, if any: callers must not tell
 * the visitor which case it was.
 */
export async function addWaitlistEntry(
  signup: WaitlistSignup,
  consentedAt: Date = new Date(),
  options: {
    signupNetwork?: string | null;
    heldReason?: ProofFailure | null;
    proof?: ProofClaim;
    visitor?: { address: string | null; userAgent: string };
    limits?: SignupLimits;
  } = {},
): Promise<number | null> {
  // The email arrives trimmed and lower-cased from the schema; folding again keeps the data layer safe on its own.
  const email = signup.email.trim().toLowerCase();
  const id = await queueConfirmation(
    true,
    {
      name: signup.name,
      email,
      businessType: signup.businessType,
      // Said only of "other" (the schema drops it otherwise; checked again so this layer holds on its own).
      businessDescription: signup.businessType === "other" ? signup.businessDescription : null,
      employees: signup.employees,
      source: signup.source,
      referralCode: signup.ref,
      signupNetwork: options.signupNetwork,
      heldReason: options.heldReason,
      proof: options.proof,
      visit: options.visitor ? await visitOf(options.visitor, consentedAt) : undefined,
    },
    consentedAt,
    { limits: options.limits },
  );
  // The visitor's own signup shows in the count they are shown next.
  countCache.invalidate();
  return id;
}

/** The visit a signup may claim; none when the day's salt cannot be read (the signup goes ahead without it). */
async function visitOf(
  visitor: { address: string | null; userAgent: string },
  joinedAt: Date,
): Promise<{ day: string; hash: string } | undefined> {
  try {
    return await visitToClaim(visitor, joinedAt);
  } catch (error) {
    // A visit left unclaimed only counts the signup apart on the overview: no reason to lose the signup.
    console.error("Could not match a signup to its counted visit", error);
    return undefined;
  }
}

/**
 * Queues a new confirmation email for an unconfirmed entry, unless one went out in the last ten minutes
 * (the "send me a new link" form). Answers nothing about whether the address is on the list.
 */
export function requestNewConfirmation(
  rawEmail: string,
  now = new Date(),
  options: { resendBefore?: Date; audit?: ConfirmationAudit } = {},
): Promise<number | null> {
  return queueConfirmation(
    false,
    { name: null, email: rawEmail.trim().toLowerCase(), businessType: null, employees: null },
    now,
    options,
  );
}

/**
 * What opening a confirmation link did; a first confirmation also names the "you're confirmed" email it
 * queued (`emailId`), to send right after the answer.
 */
export type ConfirmResult =
  | { status: "confirmed"; name: string; emailId?: number | null }
  | { status: "already-confirmed"; name: string }
  | { status: "invalid" };

/**
 * Opens a confirmation link: a token that is known, unused, unexpired and meant for confirming marks its
 * entry confirmed and is used up, in one statement. The first confirmation of a waiting entry queues its
 * "you're confirmed" email and withdraws a reminder to confirm not yet sent, in the same statement. A used
 * token of an entry that is confirmed answers "already-confirmed" (the visitor clicked twice); anything else
 * is "invalid".
 */
export async function confirmWithToken(token: string, now = new Date()): Promise<ConfirmResult> {
  const tokenHash = hashToken(token);
  const statusToken = statusTokenOf(token);
  const rows = await getDb().$queryRaw<
    { id: number; first: boolean; name: string; referrerId: number | null; emailId: number | null }[]
  >`
    WITH used AS (
      UPDATE "waitlist_tokens" SET "usedAt" = ${now}
      WHERE "tokenHash" = ${tokenHash} AND "purpose" = 'confirm' AND "usedAt" IS NULL AND "expiresAt" > ${now}
      RETURNING "entryId"
    ),
    -- As the entry was before this statement: a second confirmation link of a confirmed entry credits nobody again.
    earlier AS (
      SELECT "id", "confirmedAt" IS NULL AS "first" FROM "waitlist" WHERE "id" IN (SELECT "entryId" FROM used)
    ),
    confirmed AS (
      UPDATE "waitlist" SET "confirmedAt" = COALESCE("confirmedAt", ${now})
      WHERE "id" IN (SELECT "entryId" FROM used)
      RETURNING "id", "name", "email", "status", "referredById", "referralCredit"
    ),
    status AS (
      INSERT INTO "waitlist_tokens" ("tokenHash", "entryId", "purpose", "createdAt")
      SELECT ${hashToken(statusToken)}, "id", 'status', ${now} FROM confirmed
      ON CONFLICT ("tokenHash") DO NOTHING
    ),
    -- Told once, on the first confirmation, while it waits its turn (an invited entry has its invitation).
    welcomed AS (
      SELECT c."id", c."name", c."email" FROM confirmed AS c JOIN earlier AS e ON e."id" = c."id"
      WHERE e."first" AND c."status" = 'waiting'
    ),
    ${queueConfirmedEmailSql("welcomed", statusToken, now)},
    withdrawn AS (${withdrawReminderSql("confirmed", now)})
    SELECT c."id", e."first", c."name", CASE WHEN e."first" AND c."referralCredit" = 'credited' THEN c."referredById" END AS "referrerId",
           (SELECT "id" FROM confirmed_email) AS "emailId"
    FROM confirmed AS c JOIN earlier AS e ON e."id" = c."id"`;
  if (rows[0]) {
    // A referrer's place may have moved; a credited one hears of it (at most once a day).
    forgetCachedPlaces();
    // The place this confirmation gave: kept, so the status page can say how far they come, and told.
    if (rows[0].first) await keepConfirmedPlace(rows[0].id, rows[0].emailId);
    if (rows[0].referrerId !== null) await queueReferralEmail(rows[0].referrerId, now);
    return { status: "confirmed", name: rows[0].name, emailId: rows[0].emailId };
  }
  const earlier = await getDb().$queryRaw<{ name: string }[]>`
    SELECT w."name" FROM "waitlist_tokens" AS t JOIN "waitlist" AS w ON w."id" = t."entryId"
    WHERE t."tokenHash" = ${tokenHash} AND t."purpose" = 'confirm' AND t."usedAt" IS NOT NULL AND w."confirmedAt" IS NOT NULL`;
  return earlier[0] ? { status: "already-confirmed", name: earlier[0].name } : { status: "invalid" };
}

/**
 * The status page's token for a used confirmation link of a confirmed entry (statusTokenOf), making sure it
 * is stored: the same token every time, so opening the link again adds nothing. Null for any other link.
 */
export async function statusTokenForConfirmLink(token: string, now = new Date()): Promise<string | null> {
  const status = statusTokenOf(token);
  const rows = await getDb().$queryRaw<{ id: number }[]>`
    WITH entry AS (
      SELECT w."id" FROM "waitlist_tokens" AS t JOIN "waitlist" AS w ON w."id" = t."entryId"
      WHERE t."tokenHash" = ${hashToken(token)} AND t."purpose" = 'confirm' AND t."usedAt" IS NOT NULL AND w."confirmedAt" IS NOT NULL
    ),
    kept AS (
      INSERT INTO "waitlist_tokens" ("tokenHash", "entryId", "purpose", "createdAt")
      SELECT ${hashToken(status)}, "id", 'status', ${now} FROM entry
      ON CONFLICT ("tokenHash") DO NOTHING
    )
    SELECT "id" FROM entry`;
  return rows[0] ? status : null;
}

/** What a confirmation link would do if used now; reading it changes nothing. */
export type ConfirmLinkState = { status: "pending" | "already-confirmed"; name: string } | { status: "invalid" };

/**
 * Looks at a confirmation link without using it: "pending" while the token could still confirm (known,
 * unused, unexpired), "already-confirmed" once it has, "invalid" otherwise. Opening the link (a GET, as
 * mail scanners do too) asks only this; the person's own step confirms (confirmWithToken).
 */
export async function confirmLinkState(token: string, now = new Date()): Promise<ConfirmLinkState> {
  const rows = await getDb().$queryRaw<{ name: string; usable: boolean; confirmed: boolean }[]>`
    SELECT w."name", (t."usedAt" IS NULL AND t."expiresAt" > ${now}) AS "usable", (t."usedAt" IS NOT NULL AND w."confirmedAt" IS NOT NULL) AS "confirmed"
    FROM "waitlist_tokens" AS t JOIN "waitlist" AS w ON w."id" = t."entryId"
    WHERE t."tokenHash" = ${hashToken(token)} AND t."purpose" = 'confirm'`;
  const row = rows[0];
  if (row?.usable) return { status: "pending", name: row.name };
  if (row?.confirmed) return { status: "already-confirmed", name: row.name };
  return { status: "invalid" };
}

/**
 * Whether a leave link still names an entry on the list. The status page's token leaves too: that page is
 * the person's own, and its leave link must work without a second token kept in clear.
 */
export async function leaveTokenIsValid(token: string): Promise<boolean> {
  const rows = await getDb().$queryRaw<{ id: number }[]>`
    SELECT w."id" FROM "waitlist_tokens" AS t JOIN "waitlist" AS w ON w."id" = t."entryId"
    WHERE t."tokenHash" = ${hashToken(token)} AND t."purpose" IN ('leave', 'status')`;
  return rows.length > 0;
}

/**
 * Erases the entry a leave link belongs to (GDPR erasure), in one statement: the row, its tokens and every
 * email queued or sent to it (the tokens and outbox have no foreign key to cascade: see the email
 * migration); the count goes down. The address's keyed hash joins the suppression list in the same
 * statement, so no later import of an old list brings the person back. True when something was erased.
 */
export async function eraseWithLeaveToken(token: string): Promise<boolean> {
  const found = await getDb().$queryRaw<{ id: number; email: string }[]>`
    SELECT w."id", w."email" FROM "waitlist_tokens" AS t JOIN "waitlist" AS w ON w."id" = t."entryId"
    WHERE t."tokenHash" = ${hashToken(token)} AND t."purpose" IN ('leave', 'status') LIMIT 1`;
  const entry = found[0];
  if (!entry) return false;
  const rows = await getDb().$queryRaw<{ id: number }[]>`
    WITH erased AS (DELETE FROM "waitlist" WHERE "id" = ${entry.id}::int RETURNING "id"),
    tokens AS (DELETE FROM "waitlist_tokens" WHERE "entryId" IN (SELECT "id" FROM erased)),
    emails AS (DELETE FROM "email_outbox" WHERE "entryId" IN (SELECT "id" FROM erased)),
    suppressed AS (${suppressErasedSql(entry.email)}),
    broadcast AS (${creditLeaveToBroadcastSql()})
    SELECT "id" FROM erased`;
  if (rows.length > 0) {
    countCache.invalidate();
    forgetCachedPlaces();
  }
  return rows.length > 0;
}

/** How many entries the waiting list has: exact, and constant-time (it sums the trigger-kept counter slots). */
export async function countWaitlistEntries(): Promise<number> {
  const { _sum } = await getDb().waitlistCounter.aggregate({ _sum: { count: true } });
  return Number(_sum.count ?? 0);
}

/** How long GET /api/waitlist/count may answer from memory: one database read a second at most, per instance. */
export const WAITLIST_COUNT_TTL_MS = 1_000;

const countCache = singleFlightCache(WAITLIST_COUNT_TTL_MS, countWaitlistEntries);

/** The count as read at most WAITLIST_COUNT_TTL_MS ago, with one read at a time however many requests wait. */
export function cachedWaitlistCount(): Promise<number> {
  return countCache.get();
}

/** Forgets the cached count (after changes this process did not make through addWaitlistEntry). */
export function forgetCachedWaitlistCount(): void {
  countCache.invalidate();
}
