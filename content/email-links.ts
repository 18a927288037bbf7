import { siteConfig, type SiteConfig } from "@/config/site";

/**
 * How a person reaches the team: by replying to one of our emails when replies reach someone (EMAIL_REPLY_TO
 * is set: lib/email/contact.ts), else by writing to the site's published address, as no one reads the
 * no-reply address emails come from.
 */
export interface ContactWay {
  replies: boolean;
  /** The address to write to when replies go nowhere. */
  address: string;
}

/** Without EMAIL_REPLY_TO: write to the address the privacy notice publishes. */
export const WRITE_TO_US: ContactWay = { replies: false, address: siteConfig.privacy.email };

/** The line in a visitor's email that says how to ask the team something. */
export const emailQuestionsLine = (contact: ContactWay) =>
  contact.replies ? "Questions? Just reply to this email." : `Questions? Write to us at ${contact.address}.`;

/** What happens after accepting an invitation, as the team has configured its promises (config/site.ts). */
export function earlyAccessNextSteps(
  { loginWithin, callMinutes }: SiteConfig["earlyAccess"] = siteConfig.earlyAccess,
  productName: string = siteConfig.name,
  contact: ContactWay = WRITE_TO_US,
): string[] {
  return [
    `Within ${loginWithin} we'll email you your ${productName} login.`,
    callMinutes > 0
      ? `A short call (${callMinutes} minutes) sets it up for your services, prices and calendar.`
      : contact.replies
        ? "Set it up for your services, prices and calendar; reply to that email if you'd like a hand."
        : `Set it up for your services, prices and calendar; write to ${contact.address} if you'd like a hand.`,
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
    /** Below the place and the personal link: the status page adds the friends who joined and what each earned. */
    statusLink: "Follow the friends who join through your link",
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
    invalidBody: (contact: ContactWay = WRITE_TO_US) =>
      contact.replies
        ? "It may have been copied only in part. Use the button in your invitation email, or reply to it and we'll help."
        : `It may have been copied only in part. Use the button in your invitation email, or write to ${contact.address} and we'll help.`,
    home: `Back to ${siteConfig.name}`,
  },
  status: {
    title: (name: string) => `Your place on the ${siteConfig.name} waiting list, ${name}`,
    place: (place: string, of: string) => `You're #${place} of ${of}`,
    // How far the person has come, what a friend is worth now, and how fast the line moves.
    upFrom: (from: string) => `Up from #${from} when you confirmed.`,
    oneMoreFriend: (places: string) =>
      `One more friend who joins through your link and confirms moves you up ${places === "1" ? "1 place" : `${places} places`}.`,
    friendsMaxed: "Your friends have earned you all the places referrals can give.",
    pace: (perWeek: string) => `We're inviting about ${perWeek} a week.`,
    unconfirmed: "Confirm your email to get your place",
    unconfirmedBody: "Use the button in the email we sent when you signed up. Your place counts from then.",
    invited: `You're invited: your place in ${siteConfig.name}'s early access is waiting in your inbox.`,
    accepted: `You're in: you accepted your invitation to ${siteConfig.name}'s early access.`,
    linkHeading: "Your personal link",
    linkLabel: "Your personal link to share",
    // The count the referral email gives too: friends credited, not everyone who signed up through the link.
    friendsCredited: (credited: number, joined: number) =>
      joined === 0
        ? "No friends have joined through your link yet."
        : credited === 1
          ? "1 friend who joined through your link is credited."
          : `${credited} friends who joined through your link are credited.`,
    friendsHeading: (joined: number) => `Friends who joined through your link (${joined})`,
    friendsMore: (shown: number) => `The newest ${shown} are listed.`,
    friend: (joined: string) => `A friend, joined ${joined}`,
    friendCredited: "Credited: it moved you up.",
    friendWaiting: "Waiting for them to confirm their email.",
    friendNotCredited: (reason: string) => `Not credited: ${reason}.`,
    shareHeading: "Share it",
    copy: "Copy link",
    copied: "Link copied to your clipboard.",
    copyFailed: "Could not copy: select the link above and copy it yourself.",
    shareSheet: "Share...",
    shareText: `I've joined the ${siteConfig.name} waiting list: an AI assistant for small service businesses. Join through my link:`,
    email: "Email",
    whatsapp: "WhatsApp",
    x: "X",
    linkedin: "LinkedIn",
    newWindow: "(opens in a new tab)",
    ruleHeading: "What a referral is worth",
    leaveHeading: "Leaving",
    leave: "Remove me from the list",
    invalidTitle: "This link does not work",
    invalidBody:
      "It may have been copied only in part, or you have left the list. Use the link in the latest email from us.",
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
