// What each admin role may do. Read by the data layer (which refuses) and by the admin pages (which show
// only what the signed-in admin can use), so the two never disagree. No server-only imports: the pages'
// client components read it too.

/** The roles, widest first. Every admin is an "admin" unless another admin narrows them. */
export const ADMIN_ROLES = ["admin", "member", "viewer"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** The role new admins get when nobody chooses one: full rights, as every admin had before roles existed. */
export const DEFAULT_ADMIN_ROLE: AdminRole = "admin";

/** Each role's name and one line on what it can do, as the Admin Users page shows them. */
export const ROLE_INFO: Record<AdminRole, { label: string; description: string }> = {
  admin: {
    label: "Admin",
    description: "Everything, including admin users, roles, webhooks and settings.",
  },
  member: {
    label: "Member",
    description:
      "The waiting-list work: invite, release, delete, export, resend, credit referrals, tags and notes. No admin users, webhooks or importing.",
  },
  viewer: {
    label: "Viewer",
    description: "Reads the overview, the list, entries, emails and the audit log. Changes nothing.",
  },
};

/** The things a role may be refused, each with the words of the refusal ("cannot …"). */
export const ADMIN_ABILITIES = {
  export: "export the list",
  exportAudit: "export the audit log",
  invite: "invite people",
  delete: "delete signups",
  resend: "resend emails",
  release: "release held signups",
  admins: "manage admin users",
  webhooks: "manage webhooks",
  import: "import signups",
  credit: "credit withheld referrals",
  segments: "save segments",
  broadcast: "send broadcasts",
  tag: "change tags",
  note: "write notes",
  settings: "change the list's settings",
  errors: "resolve errors",
} as const;
export type AdminAbility = keyof typeof ADMIN_ABILITIES;

// The audit log's export is not a member's: it carries every admin's addresses and failed sign-ins. Members
// read the log on its page, as viewers do. Crediting a withheld referral is judging one signup, as releasing a
// held one is.
const MEMBER_ABILITIES: ReadonlySet<AdminAbility> = new Set([
  "export",
  "invite",
  "delete",
  "resend",
  "release",
  "credit",
  "segments",
  "broadcast",
  "tag",
  "note",
  "errors",
]);

/** Whether a role may do something. Reading is never refused: every role reads the list and its pages. */
export function roleCan(role: AdminRole, ability: AdminAbility): boolean {
  if (role === "admin") return true;
  if (role === "member") return MEMBER_ABILITIES.has(ability);
  return false;
}

/** The plain-English refusal: "Your role (viewer) cannot export the list. Ask an admin." */
export function roleRefusal(role: AdminRole, ability: AdminAbility): string {
  return `Your role (${role}) cannot ${ADMIN_ABILITIES[ability]}. Ask an admin.`;
}

/** A role read from the database (its CHECK allows only these) or from a request; anything else is null. */
export function parseAdminRole(value: unknown): AdminRole | null {
  return typeof value === "string" && (ADMIN_ROLES as readonly string[]).includes(value) ? (value as AdminRole) : null;
}
