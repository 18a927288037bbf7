import { Body, Button, Container, Head, Hr, Html, Img, Link, Preview, Section, Text } from "@react-email/components";

// The site's colours, as plain hex: email clients know nothing of CSS variables or oklch.
export const EMAIL_COLOURS = {
  primary: "#4338ca",
  text: "#1e2230",
  muted: "#5b6072",
  border: "#e4e6ee",
  background: "#f6f7fb",
} as const;

/**
 * Lets any word or address break where it must, so a long name, email address or link never makes a phone
 * scroll sideways (links in emails carry long tokens with no natural break).
 */
const WRAP_ANYWHERE = { overflowWrap: "anywhere", wordBreak: "break-word" } as const;

/**
 * The one action an email asks for, as a button every client draws alike (react-email's Button is a link
 * styled inline). `spaced` sets it apart from the lines of facts above it in the team's emails. It never
 * grows wider than the message: on a narrow phone its words wrap inside it.
 */
export function EmailButton({ href, spaced, children }: { href: string; spaced?: boolean; children: React.ReactNode }) {
  return (
    <Button
      href={href}
      style={{
        backgroundColor: EMAIL_COLOURS.primary,
        color: "#ffffff",
        borderRadius: "8px",
        padding: "12px 20px",
        fontSize: "16px",
        lineHeight: "22px",
        fontWeight: 600,
        maxWidth: "100%",
        boxSizing: "border-box",
        textAlign: "center",
        ...(spaced ? { marginTop: "20px" } : {}),
      }}
    >
      {children}
    </Button>
  );
}

/**
 * The button's link written out, for clients that hide buttons or readers who copy it. It stays one working
 * link, and breaks anywhere so that its token never widens the message.
 */
export function EmailLinkText({ label, href, spacing = "24px" }: { label: string; href: string; spacing?: string }) {
  return (
    <Text style={{ color: EMAIL_COLOURS.muted, fontSize: "14px", lineHeight: "22px", margin: `${spacing} 0 0` }}>
      {label}{" "}
      <Link href={href} style={{ ...WRAP_ANYWHERE, wordBreak: "break-all", color: EMAIL_COLOURS.primary }}>
        {href}
      </Link>
    </Text>
  );
}

type EmailLayoutProps = {
  productName: string;
  siteUrl: string;
  preview: string;
  children: React.ReactNode;
} & (
  | {
      /** The "Remove me from the list" link every email to a visitor carries. */
      leaveUrl: string;
      settingsUrl?: never;
      securityUrl?: never;
    }
  | {
      /** For the team's own emails: where they chose to receive them, and can stop. */
      settingsUrl: string;
      leaveUrl?: never;
      securityUrl?: never;
    }
  | {
      /** For a notice about how an admin signs in: sent whatever their email settings, so it names where to check. */
      securityUrl: string;
      leaveUrl?: never;
      settingsUrl?: never;
    }
);

/** Why the reader is getting this email, and the one link that lets them act on it. */
function footerOf(props: EmailLayoutProps): { reason: string; href: string; label: string } {
  const { productName, siteUrl } = props;
  if (props.leaveUrl)
    return {
      reason: `You are receiving this because this address was entered on the ${productName} waiting list at ${new URL(siteUrl).host}.`,
      href: props.leaveUrl,
      label: "Remove me from the list",
    };
  if (props.securityUrl)
    return {
      reason: `You are receiving this because the way you sign in to the ${productName} admin area changed. These notices are always sent, to keep your account safe.`,
      href: props.securityUrl,
      label: "Review your security settings",
    };
  return {
    reason: `You are receiving this because you asked for it in the ${productName} admin area.`,
    href: props.settingsUrl ?? siteUrl,
    label: "Change your email settings",
  };
}

/**
 * The frame of every email: logo and name, the message, and for a visitor the one-click way off the list
 * (for an admin, the settings that asked for it, or their security settings).
 */
export function EmailLayout(props: EmailLayoutProps) {
  const { productName, siteUrl, preview, children } = props;
  const footer = footerOf(props);
  return (
    <Html lang="en">
      <Head>
        {/* Phones lay the message out at their own width (not a desktop's), and keep its text size. */}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="x-apple-disable-message-reformatting" />
      </Head>
      <Preview>{preview}</Preview>
      <Body
        style={{
          backgroundColor: EMAIL_COLOURS.background,
          color: EMAIL_COLOURS.text,
          fontFamily: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
          margin: 0,
          ...WRAP_ANYWHERE,
        }}
      >
        <Container style={{ width: "100%", maxWidth: "560px", margin: "0 auto", padding: "24px 12px" }}>
          <Section style={{ paddingBottom: "16px" }}>
            <Img
              src={`${siteUrl}/apple-icon`}
              width="40"
              height="40"
              alt=""
              style={{ borderRadius: "10px", display: "inline-block", verticalAlign: "middle" }}
            />
            <Text
              style={{
                display: "inline-block",
                margin: "0 0 0 12px",
                fontSize: "20px",
                fontWeight: 600,
                verticalAlign: "middle",
              }}
            >
              {productName}
            </Text>
          </Section>
          <Section
            style={{
              backgroundColor: "#ffffff",
              border: `1px solid ${EMAIL_COLOURS.border}`,
              borderRadius: "12px",
              padding: "24px 20px",
            }}
          >
            {children}
          </Section>
          <Hr style={{ borderColor: EMAIL_COLOURS.border, margin: "24px 0 16px" }} />
          <Text style={{ color: EMAIL_COLOURS.muted, fontSize: "13px", lineHeight: "20px", margin: 0 }}>
            {footer.reason}{" "}
            <Link href={footer.href} style={{ color: EMAIL_COLOURS.muted, textDecoration: "underline" }}>
              {footer.label}
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
