import { siteConfig } from "@/config/site";

/** A section of the privacy notice: a heading and its paragraphs or list items. */
export interface PrivacySection {
  id: string;
  heading: string;
  paragraphs?: readonly string[];
  items?: readonly string[];
}

const { controller, email } = siteConfig.privacy;

/** The waiting list's privacy notice, in plain words. */
export const privacyNotice = {
  title: "Privacy notice",
  lead: `What ${siteConfig.name} does with the details you give when you join the waiting list, and how to have them deleted.`,
  updated: "24 November 2026",
  sections: [
    {
      id: "who",
      heading: "Who holds your details",
      paragraphs: [
        `${controller} is responsible for the details you give us (the “controller” in data protection law). Write to ${email} about anything on this page.`,
      ],
    },
    {
      id: "what",
      heading: "What we collect, and why",
      items: [
        "Your name and business email: to tell you when it is your turn to try the product, and to greet you by name.",
        "Your type of business and team size: to decide who to invite first, so the product fits the people using it.",
        "The time you agreed to receive emails about the product: the record of your consent.",
      ],
      paragraphs: [
        "We use them for the waiting list and nothing else: no marketing for anyone else, no profiling, no selling. The site sets no tracking cookies and loads nothing from other companies.",
      ],
    },
    {
      id: "how-long",
      heading: "How long we keep them",
      paragraphs: [
        "Until you leave the list, or twelve months after the product opens to everyone, whichever comes first. Then we delete them.",
      ],
    },
    {
      id: "who-sees",
      heading: "Who sees them",
      paragraphs: [
        `Only the ${siteConfig.name} team, through an admin area that needs a password. We share them with no third party; they are stored with our hosting and database providers, who process them only on our instructions.`,
      ],
    },
    {
      id: "rights",
      heading: "Your rights",
      items: [
        "See the details we hold about you, and have them corrected.",
        "Have them deleted: every email we send you has a link that removes you from the list at once, or write to us.",
        "Withdraw your consent to emails at any time, with the same link.",
        "Complain to your data protection authority (in the UK, the Information Commissioner's Office) if you think we have got it wrong.",
      ],
      paragraphs: [`To use any of these, write to ${email}. We answer within a month.`],
    },
  ] satisfies readonly PrivacySection[],
} as const;
