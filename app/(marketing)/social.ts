import type { Metadata } from "next";

import { siteConfig } from "@/config/site";

export const landingTitle = `${siteConfig.name}: the AI employee for small service businesses`;

/** Open Graph and Twitter card settings for the marketing pages; the images come from the generated files. */
export const socialMetadata: Metadata = {
  openGraph: {
    type: "website",
    url: "/",
    siteName: siteConfig.name,
    title: landingTitle,
    description: siteConfig.description,
    locale: "en_GB",
  },
  twitter: {
    card: "summary_large_image",
    title: landingTitle,
    description: siteConfig.description,
  },
};
