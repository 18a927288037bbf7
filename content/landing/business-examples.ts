import { siteConfig } from "@/config/site";
import type { IconName } from "@/content/icon-names";
import type { SectionIntro } from "@/content/landing/types";

export interface ExampleCommand {
  /** What the owner says or types. */
  command: string;
  /** What the assistant does about it, in a few words. */
  result: string;
}

export interface BusinessExample {
  id: string;
  label: string;
  icon: IconName;
  /** One line on who this is for. */
  summary: string;
  commands: readonly [ExampleCommand, ExampleCommand, ExampleCommand];
}

export const businessExamplesIntro: SectionIntro = {
  eyebrow: "Made for your trade",
  title: "What would you ask it?",
  lead: `Pick your kind of business and see the everyday jobs ${siteConfig.name} takes off your hands.`,
};

export const businessExamples: readonly BusinessExample[] = [
  {
    id: "trades",
    label: "Trades",
    icon: "hammer",
    summary: "Plumbers, electricians, builders and joiners who quote on site and invoice at night.",
    commands: [
      {
        command: "Quote Mrs Patel for a new bathroom basin and tap, fitted, £420.",
        result: "Quote created and emailed as a PDF",
      },
      {
        command: "Invoice the Hendersons for the kitchen rewire, payment due in 14 days.",
        result: "Invoice sent with a card payment link",
      },
      {
        command: "What's my first job tomorrow, and how long to get there?",
        result: "8:00 at 14 Elm Road, 22 minutes away",
      },
    ],
  },
  {
    id: "cleaning",
    label: "Cleaning",
    icon: "sparkles",
    summary: "Domestic and commercial cleaners juggling regular rounds and one-off deep cleans.",
    commands: [
      {
        command: "Move all of Friday's cleans to Saturday and let the customers know.",
        result: "4 bookings moved, 4 customers emailed",
      },
      {
        command: "Set up a fortnightly clean for 22 Oak Avenue, Tuesdays at 9.",
        result: "Repeat booking added to your calendar",
      },
      {
        command: "Which regulars haven't paid for March yet?",
        result: "3 customers found, reminders ready to send",
      },
    ],
  },
  {
    id: "valeting",
    label: "Valeting",
    icon: "car",
    summary: "Mobile valeters and detailers who work from the driveway, not the desk.",
    commands: [
      {
        command: "Book a full valet for James Carter on Thursday morning.",
        result: "Booked 9:00 to 11:00, confirmation sent",
      },
      {
        command: "Send Tom a quote for a ceramic coating on his Golf.",
        result: "Quote for £130 emailed to Tom",
      },
      {
        command: "Remind this week's customers to leave their cars unlocked.",
        result: "Reminder scheduled for the evening before",
      },
    ],
  },
  {
    id: "salon",
    label: "Salon",
    icon: "scissors",
    summary: "Hair, beauty and nail salons with a busy diary and regular clients.",
    commands: [
      {
        command: "Who's booked in after 3 today, and what are they having?",
        result: "3 appointments listed with treatments",
      },
      {
        command: "Fit Emma in for a cut and colour next week, whenever I'm free.",
        result: "Offered Tuesday 2:00 or Thursday 11:00",
      },
      {
        command: "Text everyone who hasn't visited in two months with a rebooking link.",
        result: "12 clients messaged",
      },
    ],
  },
  {
    id: "tutors",
    label: "Tutors",
    icon: "graduation-cap",
    summary: "Private tutors and music teachers running lessons around school hours.",
    commands: [
      {
        command: "Invoice all parents for this month's lessons.",
        result: "9 invoices sent, totals from your lesson log",
      },
      {
        command: "Move Olivia's maths lesson to Wednesday at 5.",
        result: "Lesson moved, her parent notified",
      },
      {
        command: "Which students have exams coming up this term?",
        result: "4 students, with their exam dates",
      },
    ],
  },
  {
    id: "pet-services",
    label: "Pet Services",
    icon: "paw-print",
    summary: "Dog walkers, groomers and pet sitters who are out with the animals all day.",
    commands: [
      {
        command: "Add Biscuit to Monday's group walk and tell his owner.",
        result: "Walk booked, owner confirmed by email",
      },
      {
        command: "Book Luna in for a full groom two weeks after her last one.",
        result: "Booked for 24 April at 10:00",
      },
      {
        command: "Send this week's walk invoices to every owner.",
        result: "11 invoices sent",
      },
    ],
  },
  {
    id: "photography",
    label: "Photography",
    icon: "camera",
    summary: "Wedding, portrait and product photographers with long lead times and deposits.",
    commands: [
      {
        command: "Send the Morgans a quote for a full-day wedding package with a 25% deposit.",
        result: "Quote with deposit terms emailed",
      },
      {
        command: "Which shoots still need their galleries delivered?",
        result: "2 galleries due this week",
      },
      {
        command: "Remind Priya that her balance is due a week before the shoot.",
        result: "Reminder scheduled for 3 May",
      },
    ],
  },
  {
    id: "landscaping",
    label: "Landscaping",
    icon: "trees",
    summary: "Gardeners and landscapers working to the weather and the seasons.",
    commands: [
      {
        command: "It's raining tomorrow. Move my garden jobs to Friday and tell everyone.",
        result: "3 jobs moved, customers informed",
      },
      {
        command: "Quote for a new patio at 8 Mill Lane, 20 square metres, £950.",
        result: "Quote created and sent as a PDF",
      },
      {
        command: "Put all my lawn customers on a monthly repeat from April.",
        result: "7 repeat bookings created",
      },
    ],
  },
  {
    id: "more",
    label: "More Options",
    icon: "layout-grid",
    summary: "Handymen, therapists, personal trainers and any business that runs on appointments.",
    commands: [
      {
        command: "What did I earn last month, and what's still unpaid?",
        result: "£6,240 earned, £480 outstanding",
      },
      {
        command: "Create a customer record for Daniel Reed, 07700 900123.",
        result: "New customer added",
      },
      {
        command: "Email my 2 o'clock that I'm running 20 minutes late.",
        result: "Apology email sent with the new time",
      },
    ],
  },
];
