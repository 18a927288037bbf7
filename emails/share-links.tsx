import { Link, Text } from "@react-email/components";

import { emailLinkCopy } from "@/content/email-links";
import { EMAIL_COLOURS } from "@/emails/email-layout";
import { shareLinksOf } from "@/lib/share-links";

const copy = emailLinkCopy.status;

const linkStyle = {
  display: "inline-block",
  border: `1px solid ${EMAIL_COLOURS.border}`,
  borderRadius: "8px",
  padding: "8px 14px",
  margin: "0 8px 8px 0",
  color: EMAIL_COLOURS.primary,
  fontSize: "15px",
  lineHeight: "20px",
  fontWeight: 600,
  textDecoration: "none",
} as const;

/**
 * The personal link's ways to share, as plain links that work in any mail client: no script, no image. The
 * same addresses as the status page's share links.
 */
export function EmailShareLinks({ url }: { url: string }) {
  const share = shareLinksOf(url, copy.shareText);
  return (
    <Text style={{ margin: "0 0 16px" }}>
      <Link href={share.email} style={linkStyle}>
        {copy.email}
      </Link>
      <Link href={share.whatsapp} style={linkStyle}>
        {copy.whatsapp}
      </Link>
      <Link href={share.x} style={linkStyle}>
        {copy.x}
      </Link>
      <Link href={share.linkedin} style={linkStyle}>
        {copy.linkedin}
      </Link>
    </Text>
  );
}
