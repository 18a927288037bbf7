import { Heading, Text } from "@react-email/components";

import { EMAIL_COLOURS, EmailButton, EmailLayout } from "@/emails/email-layout";

export interface TryOttoBudgetEmailProps {
  productName: string;
  siteUrl: string;
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  /** Spent and budget, in US dollars, as text ("$4.02"). */
  spent: string;
  budget: string;
  overviewUrl: string;
  settingsUrl: string;
}

/**
 * To the full admins when the landing page's live demo has spent 80% of the day's budget: once a day at most. The
 * demo goes on until the budget is spent, then gives the scripted answers until midnight (UTC).
 */
export function TryOttoBudgetEmail({
  productName,
  siteUrl,
  day,
  spent,
  budget,
  overviewUrl,
  settingsUrl,
}: TryOttoBudgetEmailProps) {
  const headline = "The live demo has used 80% of today's budget";
  return (
    <EmailLayout productName={productName} siteUrl={siteUrl} preview={headline} settingsUrl={settingsUrl}>
      <Heading as="h1" style={{ fontSize: "22px", lineHeight: "30px", margin: "0 0 8px" }}>
        {headline}
      </Heading>
      <Text style={{ fontSize: "14px", lineHeight: "21px", margin: "0 0 12px" }}>
        {spent} of {budget} spent on {day} (UTC) by “Try it with your own words” on the landing page. Once the budget is
        spent, visitors get the scripted demo&apos;s answers until midnight (UTC); nothing more is spent.
      </Text>
      <Text style={{ color: EMAIL_COLOURS.muted, fontSize: "14px", margin: "0 0 16px" }}>
        Raise TRY_OTTO_DAILY_BUDGET_USD to allow more, or turn the demo off in Settings.
      </Text>
      <EmailButton href={overviewUrl} spaced>
        See the overview
      </EmailButton>
    </EmailLayout>
  );
}
