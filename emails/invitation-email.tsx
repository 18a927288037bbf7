import { Heading, Text } from "@react-email/components";

import { emailQuestionsLine, WRITE_TO_US, type ContactWay } from "@/content/email-links";
import { EMAIL_COLOURS, EmailButton, EmailLayout, EmailLinkText } from "@/emails/email-layout";

export interface InvitationEmailProps {
  productName: string;
  siteUrl: string;
  name: string;
  acceptUrl: string;
  leaveUrl: string;
  statusUrl?: string;
  /** The team's short personal note, as typed in the invitation dialog; empty for none. */
  note: string;
  /** How to reach the team: replying only when replies reach someone. */
  contact?: ContactWay;
}

/** Sent when the team lets an entry in: one button that opens early access. */
export function InvitationEmail({
  productName,
  siteUrl,
  name,
  acceptUrl,
  leaveUrl,
  statusUrl,
  note,
  contact = WRITE_TO_US,
}: InvitationEmailProps) {
  return (
    <EmailLayout
      productName={productName}
      siteUrl={siteUrl}
      preview={`It's your turn: early access to ${productName} is open for you.`}
      leaveUrl={leaveUrl}
    >
      <Heading as="h1" style={{ fontSize: "22px", lineHeight: "30px", margin: "0 0 16px" }}>
        It&apos;s your turn, {name}
      </Heading>
      <Text style={{ fontSize: "16px", lineHeight: "26px", margin: "0 0 16px" }}>
        Thanks for waiting. Early access to {productName} is open for you: run quotes, invoices, bookings and reminders
        by chatting.
      </Text>
      {note ? (
        <Text
          style={{
            fontSize: "16px",
            lineHeight: "26px",
            margin: "0 0 24px",
            padding: "12px 16px",
            borderLeft: `3px solid ${EMAIL_COLOURS.primary}`,
            backgroundColor: EMAIL_COLOURS.background,
            whiteSpace: "pre-line",
          }}
        >
          {note}
        </Text>
      ) : null}
      <EmailButton href={acceptUrl}>Get started</EmailButton>
      <EmailLinkText label="Or open this link:" href={acceptUrl} />
      {statusUrl ? (
        <EmailLinkText
          label="Your waiting list page, with your personal link to share:"
          href={statusUrl}
          spacing="16px"
        />
      ) : null}
      <Text style={{ color: EMAIL_COLOURS.muted, fontSize: "14px", lineHeight: "22px", margin: "16px 0 0" }}>
        {emailQuestionsLine(contact)}
      </Text>
    </EmailLayout>
  );
}
