import { Heading, Text } from "@react-email/components";

import { EMAIL_COLOURS, EmailButton, EmailLayout } from "@/emails/email-layout";
import { formatNumber } from "@/lib/format";

export interface ErrorAlertEmailProps {
  productName: string;
  siteUrl: string;
  /** The causes new since the last such email (or back after being resolved), oldest first. */
  groups: { kind: string; name: string; message: string; route: string; count: number }[];
  errorsUrl: string;
  settingsUrl: string;
}

const itemStyle = { fontSize: "14px", lineHeight: "21px", margin: "0 0 10px" } as const;

/**
 * To the full admins when something new goes wrong on the site: what, where, and how often so far. At most
 * one a cause an hour; the page has the rest.
 */
export function ErrorAlertEmail({ productName, siteUrl, groups, errorsUrl, settingsUrl }: ErrorAlertEmailProps) {
  const headline =
    groups.length === 1 ? "A new error on the site" : `${formatNumber(groups.length)} new errors on the site`;
  return (
    <EmailLayout productName={productName} siteUrl={siteUrl} preview={headline} settingsUrl={settingsUrl}>
      <Heading as="h1" style={{ fontSize: "22px", lineHeight: "30px", margin: "0 0 8px" }}>
        {headline}
      </Heading>
      <Text style={{ color: EMAIL_COLOURS.muted, fontSize: "14px", margin: "0 0 16px" }}>
        Addresses, tokens and passwords are taken out before anything is kept.
      </Text>
      {groups.map((group, index) => (
        <Text key={index} style={itemStyle}>
          <strong>
            {group.name}: {group.message}
          </strong>
          <br />
          {group.kind === "browser" ? "In a browser" : "On the server"}, {group.route}, {formatNumber(group.count)}{" "}
          {group.count === 1 ? "time" : "times"} so far.
        </Text>
      ))}
      <EmailButton href={errorsUrl} spaced>
        See the errors
      </EmailButton>
    </EmailLayout>
  );
}
