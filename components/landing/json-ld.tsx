import { siteConfig } from "@/config/site";

/** Organization and Product structured data for the landing page. */
export function landingStructuredData() {
  const organizationId = `${siteConfig.url}/#organization`;
  return {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "Organization",
        "@id": organizationId,
        name: siteConfig.name,
        url: siteConfig.url,
        logo: `${siteConfig.url}/logo.svg`,
        slogan: siteConfig.tagline,
      },
      {
        "@type": "WebSite",
        "@id": `${siteConfig.url}/#website`,
        name: siteConfig.name,
        url: siteConfig.url,
        publisher: { "@id": organizationId },
      },
      {
        "@type": "Product",
        "@id": `${siteConfig.url}/#product`,
        name: siteConfig.name,
        description: siteConfig.description,
        category: "Business software",
        brand: { "@id": organizationId },
        image: `${siteConfig.url}/logo.svg`,
        audience: { "@type": "BusinessAudience", name: "Small service businesses" },
      },
    ],
  };
}

/**
 * Serialises structured data for a `<script type="application/ld+json">`: `<` is escaped so no text in it can
 * close the script element early.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

/** The structured data script: a data block the browser never runs, so the CSP has nothing to allow for it. */
export function JsonLd() {
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(landingStructuredData()) }} />
  );
}
