import { siteConfig } from "@/config/site";
import type { IconCard, SectionIntro } from "@/content/landing/types";

export const industriesIntro: SectionIntro = {
  eyebrow: "Industries",
  title: "Built for the businesses that keep the country running",
  lead: `If your day is spent with customers rather than at a desk, ${siteConfig.name} was made for you.`,
};

/** The industries the site names. */
export const industries: readonly IconCard[] = [
  { icon: "hammer", title: "Trades", body: "Plumbers, electricians, builders, roofers and joiners." },
  { icon: "sparkles", title: "Cleaning", body: "Domestic, office and end-of-tenancy cleaning teams." },
  { icon: "car", title: "Valeting", body: "Mobile valeting, detailing and car care." },
  { icon: "scissors", title: "Beauty", body: "Hair, nails, lashes, brows and mobile beauty." },
  { icon: "wrench", title: "Handyman", body: "Odd jobs, repairs and flat-pack, booked in minutes." },
  { icon: "brain", title: "Therapy", body: "Counsellors, physios and massage therapists." },
  { icon: "graduation-cap", title: "Tutoring", body: "Private tutors, music teachers and coaches." },
  { icon: "paw-print", title: "Pet Services", body: "Dog walkers, groomers and pet sitters." },
  { icon: "camera", title: "Photography", body: "Weddings, portraits, events and products." },
  { icon: "sprout", title: "Landscaping", body: "Gardeners, landscapers and tree surgeons." },
];
