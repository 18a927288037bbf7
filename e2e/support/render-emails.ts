// Renders every kind of email the site sends, with the real templates and the real rendering code
// (lib/email/render.tsx), filled with data as long as real people's can be, and prints them as JSON
// ({ kind: html }). e2e/email-fit.spec.ts runs it with tsx (and server-only-off.mjs) and lays each one out
// in Chromium at a phone's width.
import { EMAIL_KIND_LIST } from "@/lib/email/kinds";
import { renderEmail, type EmailKind, type EmailPayload } from "@/lib/email/render";
import { publicSiteUrl } from "@/lib/email/site";

const site = publicSiteUrl();
// Tokens as long as ours are: 43 base64url characters, or 64 hex digits made by the database.
const token = "Qm9vay1oZXItaW4tYXQtOS1vbi10aGUtMTB0aC1wbGVhc2UtdGhhbmtzLW90dG8";
const hexToken = "9a5d21f219a0494eb0e7a6570ab83d9d04acf2e219864c1bb7d119ba8faa706e";
const name = "Maximiliana Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh";
const email = "maximiliana.wolfeschlegelsteinhausenbergerdorff@featherstonehaugh-property-services.co.uk";
const entry = {
  name,
  email,
  businessType: "cleaning",
  employees: "11-50",
  source: "spring-newsletter-featherstonehaugh-partnership-campaign-2026",
  entryId: 123456,
};

/** One payload per kind: the compiler refuses this list while a kind is missing. */
const SAMPLES: Record<EmailKind, EmailPayload> = {
  confirmation: {
    name,
    confirmUrl: `${site}/waitlist/confirm?token=${token}`,
    leaveUrl: `${site}/waitlist/leave?token=${token}`,
  },
  "confirmation-reminder": {
    name,
    confirmUrl: `${site}/waitlist/confirm?token=${hexToken}`,
    leaveUrl: `${site}/waitlist/leave?token=${hexToken}`,
  },
  confirmed: {
    name,
    statusUrl: `${site}/waitlist/status?token=${token}`,
    leaveUrl: `${site}/waitlist/leave?token=${token}`,
  },
  invitation: {
    name,
    acceptUrl: `${site}/early-access?token=${hexToken}`,
    leaveUrl: `${site}/waitlist/leave?token=${hexToken}`,
    statusUrl: `${site}/waitlist/status?token=${hexToken}`,
    note: "Looking forward to hearing how the new rota works for your teams in Featherstonehaugh-under-Lyne: https://example.com/a-very-long-link-the-team-pasted-into-its-note-without-any-spaces",
  },
  broadcast: {
    subject: "We launch next week in Featherstonehaugh-under-Lyne",
    body: "# Launch news\n\nHello **everyone**: read [the plan](https://example.com/a-very-long-link-the-team-pasted-into-its-broadcast-without-any-spaces).\n\n- Quotes\n- Invoices\n\n1. Sign up\n2. Chat",
    leaveUrl: `${site}/waitlist/leave?token=${hexToken}`,
  },
  "signup-alert": entry,
  "invitation-accepted": entry,
  digest: {
    day: "2026-11-25",
    total: 12345,
    accepted: 321,
    held: 4321,
    errors: 1234,
    byType: [
      { key: "cleaning", signups: 5000 },
      { key: "other", signups: 7345 },
    ],
    bySource: [
      { key: entry.source, signups: 9000 },
      { key: "direct", signups: 3345 },
    ],
    newest: [
      { name, businessType: "cleaning" },
      { name: "Bo Li", businessType: "tutoring" },
    ],
  },
  "error-alert": {
    groups: [
      {
        kind: "server",
        name: "PrismaClientKnownRequestError",
        message: `Invalid prisma.waitlistEntry.update() invocation: ${"An operation failed because it depends on one or more records that were required but not found. ".repeat(2)}`,
        route: "/api/admin/waitlist/[id]/featherstonehaugh-partnership-campaign",
        count: 123456,
      },
      {
        kind: "browser",
        name: "TypeError",
        message: "Cannot read properties of null (reading 'focus')",
        route: "/",
        count: 1,
      },
    ],
  },
  "try-otto-budget": { day: "2026-11-28", spent: "$4.0123", budget: "$5.00" },
  "held-summary": {
    count: 12345,
    since: "2026-11-25T16:40:00.000Z",
    byReason: [
      { reason: "missing", count: 12 },
      { reason: "replayed", count: 12000 },
      { reason: "malformed", count: 333 },
    ],
    waiting: 23456,
  },
  referral: {
    day: "2026-11-25",
    name,
    friends: 1234,
    place: 98765,
    statusUrl: `${site}/waitlist/status?token=${token}`,
    leaveUrl: `${site}/waitlist/leave?token=${token}`,
  },
  "moved-up": {
    name,
    place: 98765,
    moved: 12345,
    referralUrl: `${site}/?ref=Ab3dE7gH`,
    leaveUrl: `${site}/waitlist/leave?token=${hexToken}`,
  },
  "security-notice": {
    name,
    change: "passkey-added",
    subject: "Maximiliana's work phone in the Featherstonehaugh-under-Lyne office (the one with the cracked screen)",
    at: "2026-11-25T16:40:00.000Z",
  },
};

async function main() {
  const kinds = EMAIL_KIND_LIST.map((definition) => definition.kind);
  const rendered: Record<string, string> = {};
  for (const kind of kinds) rendered[kind] = (await renderEmail(kind, SAMPLES[kind])).html;
  process.stdout.write(JSON.stringify(rendered));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
