import { siteConfig } from "@/config/site";

/** The waiting list section's words: its heading, pitch, count line, form and messages. */
export const waitlistCopy = {
  heading: "Join the Waiting List",
  intro: `Get early access to ${siteConfig.name} and let your AI employee take the admin off your hands.`,
  bullets: [
    `Be among the first to try ${siteConfig.name}`,
    "Help shape the features we build next",
    "Get a personalised setup for your business",
  ],
  // In the singular for exactly one ("0 businesses" and "Many businesses" stay plural).
  countLine: (count: string) =>
    count === "1"
      ? "1 business has already joined the waiting list"
      : `${count} businesses have already joined the waiting list`,
  // While the count loads, or if it cannot be had, the line reads "Many businesses ..." rather than a wrong number.
  countFallback: "Many",
  fields: {
    name: { label: "Your Name", placeholder: "Full Name" },
    email: { label: "Business Email", placeholder: "you@yourbusiness.com" },
    businessType: { label: "Business Type", placeholder: "Select your business type" },
    /**
     * Asked when the business type is "Other" (the featured trades that are not among the options). Shown only
     * then, with or without scripts in most browsers; where a browser shows it always, the hint says whom it is for.
     */
    businessDescription: {
      label: "What kind of business?",
      hint: "Optional, if you chose Other: for example dog grooming, photography or landscaping.",
    },
    employees: { label: "Number of Employees", placeholder: "Select team size" },
    consent: "I agree to receive emails about the product and understand I can unsubscribe any time.",
    /** Beside the consent: who holds the details and how to have them deleted. */
    privacy: { label: "How we use and protect your details", href: "/privacy" },
  },
  submit: "Join the Waiting List",
  submitting: "Joining the Waiting List...",
  /**
   * Above the form for a visitor who came through a confirmed person's personal link: their first name only,
   * and what joining through it does for them.
   */
  referredBy: (firstName: string) =>
    `${firstName} invited you. Joining through this link moves ${firstName} up the list.`,
  success: {
    title: "You're on the list!",
    description: "We'll email you when it's your turn to try the product.",
    again: "Add another business",
  },
  /**
   * After joining, on the scripted form's panel and on the thank-you page: a confirmation email goes out at
   * once, and the team invites confirmed places first. The same words whether or not the address was already
   * on the list, which nobody is told.
   */
  nextStep: {
    title: "Check your inbox",
    sentTo: "We've sent a confirmation link to",
    sentToUnknown: "If you've just joined, look for our email at the address you gave.",
    body: "Open it to confirm your place: we invite confirmed places first. It can take a few minutes, and may land in spam.",
    wrongAddress: "Not your address? Join again with the right one.",
    /** What confirming unlocks, said right after joining. */
    unlocks: "Confirm to get your place in line and a link that moves you up.",
  },
  /**
   * The plain form's thank-you page for a signup that was not held. It may have been a repeat of an address on
   * the list, which sends nothing new: the words hold either way, the same for anyone, so they tell nobody who is
   * on the list, and they never say a link went out when none did.
   */
  plainSentStep: {
    /** Around the address: "If {email} is new to the list, we've sent it a confirmation link." */
    sentTo: ["If", "is new to the list, we've sent it a confirmation link."],
    alreadyListed: "Already on the list with this address? The link in our latest email still works.",
  },
  /**
   * The plain form's thank-you page for a signup held for review (sent without the proof of work a browser with
   * scripts does): nothing has gone out yet. A held repeat of an address on the list gets the same words.
   */
  heldStep: {
    title: "We'll check your signup",
    checking:
      "You're on the list. Because your browser didn't run our quick spam check, we'll check your signup and email you to confirm once it's done.",
    address: "We'll write to",
    body: "There's nothing more to do until then. Already on the list with this address? Your place stays as it was.",
  },
  /** Beside the button when a signup limit was reached: when the next signup can go through. */
  limit: { tryAt: (time: string) => `You can try again at ${time}.` },
  /** The plain form's own page (no scripts), when a post did not go through. */
  plainForm: {
    checkFields: "Please check the highlighted fields.",
  },
  failure: {
    title: "Something went wrong",
    fallback: "Please try again later. Our team has been notified.",
    database: "We're experiencing database connection issues. Please try again in a few minutes.",
  },
} as const;
