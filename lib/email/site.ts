import { siteConfig } from "@/config/site";
import { env } from "@/lib/env";

/**
 * The site's public address for links in emails, read when the message is made (not when the app was
 * built), so one build can send from any deployment's address. Without a trailing slash.
 */
export function publicSiteUrl(): string {
  return (env().NEXT_PUBLIC_SITE_URL ?? siteConfig.url).replace(/\/+$/, "");
}

/** An absolute URL on this site. */
export function absoluteUrl(pathAndQuery: string): string {
  return `${publicSiteUrl()}${pathAndQuery}`;
}
