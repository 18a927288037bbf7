import { EmailLayout } from "@/emails/email-layout";
import { MarkdownBody } from "@/emails/markdown-body";

export interface BroadcastEmailProps {
  productName: string;
  siteUrl: string;
  /** The subject, which the preview line repeats when the body has no words to lead with. */
  subject: string;
  /** The team's Markdown. */
  body: string;
  leaveUrl: string;
}

/** The team's own message to a segment of the list, in the emails' layout, with the way off the list below it. */
export function BroadcastEmail({ productName, siteUrl, subject, body, leaveUrl }: BroadcastEmailProps) {
  return (
    <EmailLayout productName={productName} siteUrl={siteUrl} preview={subject} leaveUrl={leaveUrl}>
      <MarkdownBody source={body} />
    </EmailLayout>
  );
}
