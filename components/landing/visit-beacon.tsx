import { VISIT_BEACON_SCRIPT } from "@/lib/visits/beacon-script";

/**
 * Counts this page view (lib/visits): an inline script, run as the HTML is read, so the visit is counted
 * before any chunk loads. The page is built once and the build allows the script by its hash; in development,
 * where pages carry a nonce instead, the policy blocks it and visits are not counted.
 */
export function VisitBeacon() {
  return <script dangerouslySetInnerHTML={{ __html: VISIT_BEACON_SCRIPT }} />;
}
