import { siteConfig } from "@/config/site";
import { businessExamples } from "@/content/landing/business-examples";
import { comparisonIntro, dontNeed, dontNeedTitle, getTitle, youGet } from "@/content/landing/comparison";
import { comingSoonFeatures, currentFeatures, featuresCta } from "@/content/landing/features";
import { heroContent } from "@/content/landing/hero";
import { industries } from "@/content/landing/industries";
import { integrationRows } from "@/content/landing/integrations";
import { footerLinks, headerLinks, sectionOrder } from "@/content/landing/navigation";
import { painPoints, painPointsCta, painPointsIntro } from "@/content/landing/pain-points";
import { whyCards } from "@/content/landing/why";

/** The landing page's words and counts, written out here and checked against the content modules. */
describe("landing copy", () => {
  it("lists the anchors in page order", () => {
    expect(sectionOrder).toEqual([
      "hero",
      "pain-points",
      "business-examples",
      `why-${siteConfig.slug}`,
      "features",
      "comparison",
      "examples",
      "chat-experience",
      "integrations",
      "industries",
      "join-waitlist",
    ]);
  });

  it("has the header and footer links", () => {
    expect(headerLinks.map((link) => link.label)).toEqual([
      "Pain Points",
      "Examples",
      "Chat Interface",
      `Why ${siteConfig.name}`,
      "Features and Benefits",
    ]);
    expect(footerLinks.map((link) => link.label)).toEqual([
      `Why ${siteConfig.name}`,
      "Examples",
      "Features",
      "Industries",
      "Join Waitlist",
    ]);
    for (const link of [...headerLinks, ...footerLinks]) expect(sectionOrder).toContain(link.id);
  });

  it("sends each header and footer link to its section, the same one from both", () => {
    expect(headerLinks.map((link) => link.id)).toEqual([
      "pain-points",
      "examples",
      "chat-experience",
      `why-${siteConfig.slug}`,
      "features",
    ]);
    expect(footerLinks.map((link) => link.id)).toEqual([
      `why-${siteConfig.slug}`,
      "examples",
      "features",
      "industries",
      "join-waitlist",
    ]);
  });

  it("has the hero headline", () => {
    expect(heroContent.headline).toBe("Imagine an AI employee doing the jobs you don't have time for");
    expect(heroContent.subline).toMatch(/all your admin tasks/);
  });

  it("has four pain points, each with a problem and a solution", () => {
    expect(painPointsIntro.title).toBe("Small Business Struggles?");
    expect(painPoints.map((point) => point.title)).toEqual([
      "Admin After Hours",
      "Complex Software Learning",
      "Chaotic Scheduling",
      "Customer Management",
    ]);
    for (const point of painPoints) {
      expect(point.problem.length).toBeGreaterThan(20);
      expect(point.solution.length).toBeGreaterThan(20);
    }
    expect(painPointsCta.label).toBe("Join the Waitlist Today");
  });

  it("has the four why cards", () => {
    expect(whyCards.map((card) => card.title)).toEqual([
      "Simple Conversations",
      "Instant Actions",
      "No Dashboards",
      "Fits Your Business",
    ]);
  });

  it("has nine business types with three commands each", () => {
    expect(businessExamples.map((business) => business.label)).toEqual([
      "Trades",
      "Cleaning",
      "Valeting",
      "Salon",
      "Tutors",
      "Pet Services",
      "Photography",
      "Landscaping",
      "More Options",
    ]);
    for (const business of businessExamples) expect(business.commands).toHaveLength(3);
    expect(new Set(businessExamples.map((business) => business.id)).size).toBe(9);
  });

  it("has six current features and six coming soon", () => {
    expect(currentFeatures).toHaveLength(6);
    expect(comingSoonFeatures).toHaveLength(6);
    expect(featuresCta.label).toBe("Join Our Waitlist");
  });

  it("has five items on each side of the comparison", () => {
    expect(comparisonIntro.title).toBe("Simple by Design");
    expect(dontNeedTitle).toBe("What You Don't Need");
    expect(getTitle).toBe("What You Get");
    expect(dontNeed).toHaveLength(5);
    expect(youGet).toHaveLength(5);
  });

  it("has fifteen distinct integration logos in three rows of five", () => {
    expect(integrationRows).toHaveLength(3);
    for (const row of integrationRows) expect(row).toHaveLength(5);
    const slugs = integrationRows.flat().map((integration) => integration.icon.slug);
    expect(new Set(slugs).size).toBe(15);
    const categories = new Set(integrationRows.flat().map((integration) => integration.category));
    expect(categories.size).toBe(5);
  });

  it("names the industries the page speaks to", () => {
    expect(industries.map((industry) => industry.title)).toEqual([
      "Trades",
      "Cleaning",
      "Valeting",
      "Beauty",
      "Handyman",
      "Therapy",
      "Tutoring",
      "Pet Services",
      "Photography",
      "Landscaping",
    ]);
  });
});
