import { siteConfig } from "@/config/site";

/** The waiting list section's words, as the spec gives them (sections 2 and 8). */
export const waitlistCopy = {
  heading: "Join the Waiting List",
  intro: `Get early access to ${siteConfig.name} and let your AI employee take the admin off your hands.`,
  bullets: [
    `Be among the first to try ${siteConfig.name}`,
    "Help shape the features we build next",
    "Get a personalised setup for your business",
  ],
  countLine: (count: string) => `${count} businesses have already joined the waiting list`,
  // Spec: the line reads "Many businesses ..." while loading or on error.
  countFallback: "Many",
  fields: {
    name: { label: "Your Name", placeholder: "Full Name" },
    email: { label: "Business Email", placeholder: "you@yourbusiness.com" },
    businessType: { label: "Business Type", placeholder: "Select your business type" },
    employees: { label: "Number of Employees", placeholder: "Select team size" },
    consent: "I agree to receive emails about the product and understand I can unsubscribe any time.",
    /** Beside the consent: who holds the details and how to have them deleted. */
    privacy: { label: "How we use and protect your details", href: "/privacy" },
  },
  submit: "Join the Waiting List",
  submitting: "Joining the Waiting List...",
  success: {
    title: "You're on the list!",
    description: "We'll email you when it's your turn to try the product.",
    again: "Add another business",
  },
  failure: {
    title: "Something went wrong",
    fallback: "Please try again later. Our team has been notified.",
    database: "We're experiencing database connection issues. Please try again in a few minutes.",
  },
} as const;
