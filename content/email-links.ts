import { siteConfig, type SiteConfig } from "@/config/site";

/** What happens after accepting an invitation, as the team has configured its promises (config/site.ts). */
export function earlyAccessNextSteps(
  { loginWithin, callMinutes }: SiteConfig["earlyAccess"] = siteConfig.earlyAccess,
  productName: string = siteConfig.name,
): string[] {
  return [
    `Within ${loginWithin} we'll email you your ${productName} login.`,
    callMinutes > 0
      ? `A short call (${callMinutes} minutes) sets it up for your services, prices and calendar.`
      : "Set it up for your services, prices and calendar; reply to that email if you'd like a hand.",
    "Then run your first quote, invoice or booking by chatting.",
  ];
}

/**
 * The words of the pages the links in emails open: confirming a place, accepting an invitation, and leaving
 * the list. Opening a link only asks (`ask*`); the person's step (sent by the page's script, or its button)
 * acts, and the page then shows the result.
 */
export const emailLinkCopy = {
  confirm: {
    askTitle: "Confirm your place",
    askBody: (name: string) =>
      `One last step, ${name}: confirm that this email address is yours, and your place on the ${siteConfig.name} waiting list is kept.`,
    button: "Confirm my place",
    working: "Confirming your place...",
    confirmedTitle: "Your place is confirmed",
    confirmedBody: (name: string) => `Thanks, ${name}. We'll email you when it's your turn to try ${siteConfig.name}.`,
    alreadyTitle: "Your place is already confirmed",
    alreadyBody: (name: string) =>
      `You're all set, ${name}. We'll email you when it's your turn to try ${siteConfig.name}.`,
    invalidTitle: "This link has expired or was already used",
    invalidBody:
      "Confirmation links work once, for 7 days. Enter the address you signed up with and we'll send a new one.",
    newLinkLabel: "Your email",
    newLinkButton: "Send me a new link",
    newLinkSending: "Sending...",
    newLinkFailed: "Something went wrong. Please try again in a minute.",
    home: `Back to ${siteConfig.name}`,
  },
  accept: {
    askTitle: (name: string) => `You're invited to early access, ${name}`,
    askBody: `Accept your invitation and your place in ${siteConfig.name}'s early access is yours.`,
    button: "Accept my invitation",
    working: "Accepting your invitation...",
    welcomeTitle: (name: string) => `Welcome to early access, ${name}`,
    welcomeBody: `Your place is ready. Here is what happens next:`,
    nextSteps: earlyAccessNextSteps(),
    invalidTitle: "This invitation link does not work",
    invalidBody:
      "It may have been copied only in part. Use the button in your invitation email, or reply to it and we'll help.",
    home: `Back to ${siteConfig.name}`,
  },
  leave: {
    askTitle: `Leave the ${siteConfig.name} waiting list?`,
    askBody:
      "Your name, email and details will be deleted at once, and we won't email you again. You can always join again later.",
    button: "Remove me",
    doneTitle: "You have left the waiting list",
    doneBody: "Your details have been deleted. You won't hear from us again.",
    invalidTitle: "This link no longer works",
    invalidBody:
      "If you used it before, your details have already been deleted. Otherwise, use the link in the latest email from us.",
    home: `Back to ${siteConfig.name}`,
  },
} as const;
