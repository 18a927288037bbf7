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
  lead: `What ${siteConfig.name} does with the details you give when you join the waiting list, what it counts about visits to this site, and how to have your details deleted.`,
  updated: "28 November 2026",
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
        "Where you came from: the source, medium and campaign named in the link you followed to this site (its utm_source, utm_medium and utm_campaign), and the referring site (only its address, such as news.example.com), as your browser gave them when you arrived; with no link or site to name, your source is “direct”. This tells us which newsletters, posts and partners bring people who want the product.",
        "If a friend's link brought you: the referral code in that link, and so who referred you, to thank them and to see how the list grows. Your own referral code, to share if you wish.",
        "The network your signup came from (the first three parts of an IPv4 address, or the first half of an IPv6 one, never the whole address): to tell a friend's signup from someone signing themselves up again, so a referral is credited fairly. It is deleted 30 days after you sign up.",
      ],
      paragraphs: [
        "We use them for the waiting list and nothing else: no marketing for anyone else, no profiling, no selling. The site sets no tracking cookies and loads nothing from other companies.",
      ],
    },
    {
      id: "visits",
      heading: "Counting visits, without a cookie",
      paragraphs: [
        "When you open the home page, your browser tells our server where the visit came from (the source in the link, or the referring site, or “direct”), so we can see how many people each source brings and how many of them join. Nothing is stored in your browser for this: no cookie and no identifier. (Where the visit came from is kept in the tab's session storage, gone when the tab closes, only to be sent with a signup.)",
        "To count each visitor once a day without knowing who they are, the server makes a one-way code (a SHA-256 hash) from your internet address, your browser's description of itself (its user agent) and a random secret that changes every day. Your internet address and user agent are never stored. The secret and the day's codes are deleted when the day ends (UTC), after which nobody, including us, can link a code to you or to another day's visits. All we keep is how many different visitors each source brought each day.",
        "Not counted: search engines and other bots, pages your browser only fetches in advance, and the team's own visits while signed in to the admin area.",
      ],
    },
    {
      id: "live-demo",
      heading: "The live demo (“Try it with your own words”)",
      paragraphs: [
        "When you tick the box and press Ask in the home page's live demo, the words you typed (and your earlier turns of that conversation, at most three) go to our AI provider, OpenAI, so its model can answer; nothing is sent before you press Ask. OpenAI processes them for us to produce the answer. Under its API terms it does not use them to train its models and keeps them for at most 30 days to detect abuse.",
        "We keep nothing you typed, nor the answer: the conversation lives in your browser tab only and is gone when you leave the page. To keep the demo fair and its cost capped, the server counts, per day, how many conversations each network started (your IPv4 address or the first half of an IPv6 one, as a rate-limit counter deleted after the day) and, for everyone together, the number of conversations, the tokens and cost used, the requests refused, and which kinds of card were shown. No cookie is set.",
      ],
    },
    {
      id: "how-long",
      heading: "How long we keep them",
      paragraphs: [
        "Until you leave the list, or twelve months after the product opens to everyone, whichever comes first. Then we delete them.",
        "When you leave, we keep only a one-way code made from your email address with a secret key (never the address itself), so that importing an old list of ours can never add you back.",
      ],
    },
    {
      id: "tags-notes",
      heading: "Tags and notes the team keeps",
      paragraphs: [
        "To decide who to invite and what to tell whom, the team may label your entry with short tags (such as the kind of work you do, or the town you work in) and write notes about it (such as what you told us when we spoke). Tags come from what you gave us, from a list we imported with your consent, or from the team; notes are the team's own words. Both are kept with your entry, seen only by the team, and used only for the waiting list.",
        "When you leave the list, through the link in any of our emails or by writing to us, your tags and notes are deleted with the rest of your entry, at once. The same happens when the team deletes your entry. Neither is part of the one-way code described above.",
      ],
    },
    {
      id: "updates",
      heading: "Updates the team sends",
      paragraphs: [
        "Besides the emails about your own place (confirming your address, your invitation), the team may now and then write to the people on the list, or to some of them (chosen by the details above, such as the type of business, or by tags): news of the product and of its launch. Only people who confirmed their address receive them, unless the team deliberately includes people who have not confirmed it yet; people held for review never do.",
        "Each such email has a link that removes you from the list at once, and your email program's own unsubscribe button does the same. Leaving deletes your entry and every email we sent you; the team keeps only a count of how many people left after each update, with nothing that says who.",
        "If the team turns them on (they are off unless it does), you may also get a “You moved up” email when your place in line improves by a number of places the team chooses: at most one a day, only while you have confirmed your address and are waiting your turn, never while your signup is held for review. To know when to write, we keep the place we last told you and when; leaving stops these emails at once and deletes that record with your entry.",
      ],
    },
    {
      id: "who-sees",
      heading: "Who sees them",
      paragraphs: [
        `Only the ${siteConfig.name} team, through an admin area that needs a password. We share them with no third party; they are stored with our hosting and database providers, who process them only on our instructions.`,
        "The team also receives each signup (the details above) in its own tools: by email, and through the team's webhooks, such as a Slack channel. Those services process them for us, as our processors, only on our instructions.",
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
