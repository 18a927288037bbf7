import type { MetadataRoute } from "next";

import { siteConfig } from "@/config/site";

/** The public pages worth indexing: the landing page and the privacy notice (not the admin area or the test page). */
export default function sitemap(): MetadataRoute.Sitemap {
  return [
    {
      url: new URL("/", siteConfig.url).toString(),
      changeFrequency: "weekly",
      priority: 1,
    },
    {
      url: new URL("/privacy", siteConfig.url).toString(),
      changeFrequency: "yearly",
      priority: 0.3,
    },
  ];
}
