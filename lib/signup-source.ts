/**
 * Where a visit came from, kept for the visit only (sessionStorage: no cookie, gone when the tab closes,
 * and sent only with a signup). The landing page records the first page's UTM parameters and referring
 * host once per visit; the waiting-list form reads them back. Kept free of imports: it loads on the
 * landing page after hydration, in its own small chunk.
 */
export const SIGNUP_SOURCE_KEY = "otto.signup-source";

const PARAMS = [
  ["utm_source", "utmSource"],
  ["utm_medium", "utmMedium"],
  ["utm_campaign", "utmCampaign"],
] as const;

// Longer than any valid value, so the form's validation still sees (and drops) an over-long one.
const MAX_KEPT_LENGTH = 200;

type SourceStorage = Pick<Storage, "getItem" | "setItem">;

/**
 * Records the visit's first touch: the UTM parameters of `url` and the referring site's host (this site's own
 * host excluded), or nothing at all for a direct visit, which still counts as the first touch.
 */
export function captureSignupSource(url: string, referrer: string, storage: SourceStorage): void {
  try {
    if (storage.getItem(SIGNUP_SOURCE_KEY) !== null) return;
    const page = new URL(url);
    const captured: Record<string, string> = {};
    for (const [param, field] of PARAMS) {
      const value = page.searchParams.get(param)?.trim();
      if (value) captured[field] = value.slice(0, MAX_KEPT_LENGTH);
    }
    if (referrer) {
      const host = new URL(referrer).host;
      if (host && host !== page.host) captured.referrer = host.slice(0, MAX_KEPT_LENGTH);
    }
    storage.setItem(SIGNUP_SOURCE_KEY, JSON.stringify(captured));
  } catch {
    // Storage turned off or full, or a referrer that is not a URL: the signup simply carries no source.
  }
}

/** What the landing page recorded for this visit, unchecked (the form validates it), or null. */
export function storedSignupSource(storage: Pick<Storage, "getItem">): unknown {
  try {
    const stored = storage.getItem(SIGNUP_SOURCE_KEY);
    return stored === null ? null : (JSON.parse(stored) as unknown);
  } catch {
    return null;
  }
}
