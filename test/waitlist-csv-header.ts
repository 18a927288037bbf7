/**
 * The waitlist export's header as owners' spreadsheets know it, in its order: a new column goes after these, so a
 * sheet built on an earlier export keeps reading the same columns. Written out here, not read from the column
 * descriptors, so a test holds the descriptors to it. Nothing in the app imports this file.
 */
export const OWNERS_CSV_HEADER = [
  "Name",
  "Email",
  "Business Type",
  "Business description",
  "Team Size",
  "Joined",
  "Confirmed",
  "Status",
  "Invited",
  "Accepted",
  "Source",
  "Medium",
  "Campaign",
  "Referrer",
  "Place",
  "Referral code",
  "Referred by",
  "Referrals",
  "Held",
  "Held reason",
  "Tags",
] as const;
