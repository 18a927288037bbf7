import type { MetadataRoute } from "next";

import { siteConfig } from "@/config/site";

/** Only the public landing page is worth indexing; the admin area and the test page are not listed. */
export default function sitemap(): MetadataRoute.Sitemap {
  return [
    {
      url: new URL("/", siteConfig.url).toString(),
      changeFrequency: "weekly",
      priority: 1,
    },
  ];
}
