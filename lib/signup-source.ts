/**
 * Where a visit came from, kept for the visit only (sessionStorage: no cookie, gone when the tab closes,
 * and sent only with a signup). The landing page records the first page's UTM parameters, referring host and
 * personal-link code (`?ref=`) once per visit, by a few lines inline in its HTML that run as the page is
 * read, so a reload straight after landing still finds the first touch; the waiting-list form reads them back.
 * Kept free of imports.
 */
export const SIGNUP_SOURCE_KEY = "otto.signup-source";

type SourceStorage = Pick<Storage, "getItem" | "setItem">;

/**
 * Records the visit's first touch: the UTM parameters of `url`, its `ref` code and the referring site's host
 * (this site's own host excluded), or nothing at all for a direct visit, which still counts as the first
 * touch. Self-contained (no outside name), as its source is also the landing page's inline script.
 */
export function captureSignupSource(url: string, referrer: string, storage: SourceStorage): void {
  // Longer than any valid value, so the form's validation still sees (and drops) an over-long one.
  const maxKeptLength = 200;
  const key = "otto.signup-source";
  const params = [
    ["utm_source", "utmSource"],
    ["utm_medium", "utmMedium"],
    ["utm_campaign", "utmCampaign"],
    ["ref", "ref"],
  ];
  try {
    if (storage.getItem(key) !== null) return;
    const page = new URL(url);
    const captured: Record<string, string> = {};
    for (const [param, field] of params) {
      const value = page.searchParams.get(param!)?.trim();
      if (value) captured[field!] = value.slice(0, maxKeptLength);
    }
    if (referrer) {
      const host = new URL(referrer).host;
      if (host && host !== page.host) captured.referrer = host.slice(0, maxKeptLength);
    }
    storage.setItem(key, JSON.stringify(captured));
  } catch {
    // Storage turned off or full, or a referrer that is not a URL: the signup simply carries no source.
  }
}

/**
 * Fills the plain form's hidden `ref` field as it is sent (before the scripted form takes its place, or if
 * it never does), from what the visit kept. Self-contained, like captureSignupSource.
 */
export function fillReferralField(form: unknown, storage: Pick<Storage, "getItem">): void {
  try {
    const field = (form as { elements?: { namedItem?: (name: string) => unknown } }).elements?.namedItem?.("ref");
    const stored = storage.getItem("otto.signup-source");
    const ref = stored === null ? undefined : (JSON.parse(stored) as { ref?: unknown }).ref;
    // Only a well-formed code (REFERRAL_CODE_ALPHABET): an odd link must never cost a signup.
    if (field && typeof ref === "string" && /^[23456789abcdefghjkmnpqrstuvwxyz]{8}$/i.test(ref))
      (field as { value: string }).value = ref.toLowerCase();
  } catch {
    // Nothing kept, or storage turned off: the signup simply carries no referral.
  }
}

/**
 * The landing page's inline script: records the first touch at once, and fills the plain form's referral
 * field when it is posted. Its SHA-256 is in the page's Content-Security-Policy like every inline script of
 * a page built once (lib/static-page-scripts.ts).
 */
export const SIGNUP_CAPTURE_SCRIPT = `(function(){var s;try{s=window.sessionStorage}catch(e){return}(${captureSignupSource.toString()})(location.href,document.referrer,s);document.addEventListener("submit",function(e){(${fillReferralField.toString()})(e.target,s)},true)})();`;

/** What the landing page recorded for this visit, unchecked (the form validates it), or null. */
export function storedSignupSource(storage: Pick<Storage, "getItem">): unknown {
  try {
    const stored = storage.getItem(SIGNUP_SOURCE_KEY);
    return stored === null ? null : (JSON.parse(stored) as unknown);
  } catch {
    return null;
  }
}
