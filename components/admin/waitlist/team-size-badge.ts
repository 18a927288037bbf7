/** The badge looks a team size can take in the admin list (shadcn badge variants), small teams quiet, unknown sizes loud. */
export type TeamSizeBadgeVariant = "outline" | "secondary" | "default" | "destructive";

// Our form's own values, placed in the size bands below: "1" (Just me) and "2-5" are solo or 1-5 sized,
// "11+" starts where the 11-25 band starts. The band rules alone would paint "1" and "11+" as
// destructive, which would flag ordinary signups as errors.
const FORM_VALUE_VARIANTS: Record<string, TeamSizeBadgeVariant> = {
  "1": "outline",
  "2-5": "outline",
  "6-10": "secondary",
  "11+": "secondary",
  // An imported row whose file gave no size: quiet, as it is no error of the person's.
  "not-given": "outline",
};

/**
 * The badge variant for a stored team size: contains "solo" or "1-5" → outline;
 * "6-10" or "11-25" → secondary; "26-50" or "51-100" → default; anything else → destructive.
 */
export function teamSizeBadgeVariant(value: string): TeamSizeBadgeVariant {
  const text = value.trim().toLowerCase();
  const own = FORM_VALUE_VARIANTS[text];
  if (own) return own;
  if (text.includes("solo") || text.includes("1-5")) return "outline";
  if (text.includes("6-10") || text.includes("11-25")) return "secondary";
  if (text.includes("26-50") || text.includes("51-100")) return "default";
  return "destructive";
}
