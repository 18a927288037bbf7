import "server-only";

import { render } from "@react-email/render";

import { ConfirmationEmail } from "@/components/emails/confirmation-email";
import { utcDayDate, utcLongDate } from "@/lib/format";
import { DigestEmail } from "@/components/emails/digest-email";
import { InvitationEmail } from "@/components/emails/invitation-email";
import { SignupAlertEmail } from "@/components/emails/signup-alert-email";
import { siteConfig } from "@/config/site";
import { publicSiteUrl } from "@/lib/email/site";
import { businessTypeLabel, teamSizeLabel } from "@/lib/validation/waitlist";

/** What the confirmation email needs. Its links are blanked in the outbox once the message is sent. */
export interface ConfirmationPayload {
  name: string;
  confirmUrl: string;
  leaveUrl: string;
}

/** What the invitation email needs. Its links are blanked in the outbox once the message is sent. */
export interface InvitationPayload {
  name: string;
  acceptUrl: string;
  leaveUrl: string;
  note: string;
}

/** What the alert of a new signup needs (stored values; labels and links are made at send time). */
export interface SignupAlertPayload {
  name: string;
  email: string;
  businessType: string;
  employees: string;
  source: string;
  entryId: number;
}

/** What the daily digest needs: one UTC day's sums and newest names. */
export interface DigestPayload {
  /** The UTC day, `YYYY-MM-DD`. */
  day: string;
  total: number;
  byType: { key: string; signups: number }[];
  bySource: { key: string; signups: number }[];
  newest: { name: string; businessType: string }[];
}

export type EmailKind = "confirmation" | "invitation" | "signup-alert" | "digest";

/** Any outbox payload: each kind's fields, every link among them blanked once sent. */
export type EmailPayload = ConfirmationPayload | InvitationPayload | SignupAlertPayload | DigestPayload;

/** A digest's day as people read it ("25 November 2026"). */
export const digestDayLabel = (day: string) => utcLongDate.format(utcDayDate(day));

function elementFor(kind: EmailKind, payload: EmailPayload, common: { productName: string; siteUrl: string }) {
  const settingsUrl = `${common.siteUrl}/admin/settings`;
  switch (kind) {
    case "invitation":
      return <InvitationEmail {...common} {...(payload as InvitationPayload)} />;
    case "signup-alert": {
      const alert = payload as SignupAlertPayload;
      return (
        <SignupAlertEmail
          {...common}
          name={alert.name}
          email={alert.email}
          businessType={businessTypeLabel(alert.businessType)}
          teamSize={teamSizeLabel(alert.employees)}
          source={alert.source}
          entryUrl={`${common.siteUrl}/admin/waitlist/${alert.entryId}`}
          settingsUrl={settingsUrl}
        />
      );
    }
    case "digest": {
      const digest = payload as DigestPayload;
      return (
        <DigestEmail
          {...common}
          dayLabel={digestDayLabel(digest.day)}
          total={digest.total}
          byType={digest.byType.map((row) => ({ label: businessTypeLabel(row.key), signups: row.signups }))}
          bySource={digest.bySource.map((row) => ({ label: row.key, signups: row.signups }))}
          newest={digest.newest.map((person) => ({ name: person.name, businessType: businessTypeLabel(person.businessType) }))}
          overviewUrl={`${common.siteUrl}/admin/overview`}
          settingsUrl={settingsUrl}
        />
      );
    }
    default:
      return <ConfirmationEmail {...common} {...(payload as ConfirmationPayload)} />;
  }
}

/** The message of an outbox row: HTML that looks like the site, and a plain-text part. */
export async function renderEmail(kind: EmailKind, payload: EmailPayload): Promise<{ html: string; text: string }> {
  const element = elementFor(kind, payload, { productName: siteConfig.name, siteUrl: publicSiteUrl() });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}

const LINK_FIELDS = ["confirmUrl", "acceptUrl", "leaveUrl"] as const;

/** The links of a payload, for the development log. */
export function payloadLinks(payload: object): string[] {
  const fields = payload as Partial<Record<(typeof LINK_FIELDS)[number], unknown>>;
  return LINK_FIELDS.map((field) => fields[field]).filter((link): link is string => typeof link === "string");
}

/** What stands in for a link in the outbox once its message has gone: the token lived only in the email. */
export const REMOVED_LINK = "about:blank#link-removed-once-sent";

/** The payload with its links blanked. */
export function withoutLinks<P extends EmailPayload>(payload: P): P {
  const copy: Record<string, unknown> = { ...payload };
  for (const field of LINK_FIELDS) if (field in copy) copy[field] = REMOVED_LINK;
  return copy as P;
}
