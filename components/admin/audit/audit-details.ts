import { parseAdminRole, ROLE_INFO } from "@/lib/auth/roles";
import { formatNumber } from "@/lib/format";
import { NOTIFY_LABELS, type NotifyChoice } from "@/lib/validation/notifications";
import { withheldReasonForTeam } from "@/lib/validation/referral-credit";
import { SIGN_IN_METHOD_LABELS, type SignInMethod } from "@/lib/validation/sign-in-methods";
import { ANY_WAITLIST_FILTERS } from "@/lib/validation/waitlist-filters";

// The audit log keeps each action's facts as data, so they can be filtered and exported; this turns them into
// the sentences an owner reads on the Audit Log page.

type Details = Record<string, unknown>;

const count = (value: unknown, one: string, many: string): string => {
  const n = typeof value === "number" ? value : Number(value);
  return `${formatNumber(Number.isFinite(n) ? n : 0)} ${n === 1 ? one : many}`;
};

const quoted = (value: unknown) => `“${String(value)}”`;

function roleName(value: unknown): string {
  const role = typeof value === "string" ? parseAdminRole(value) : null;
  return role ? ROLE_INFO[role].label : String(value);
}

function notifyName(value: unknown): string {
  return (NOTIFY_LABELS[value as NotifyChoice]?.label ?? String(value)).toLowerCase();
}

/**
 * The filters of a waitlist view as words: 'search “anna”, status: Waiting, team size: 2-5'. Values shown by
 * their option's label where the filter offers a choice.
 */
export function describeWaitlistFilters(filters: unknown): string {
  if (!filters || typeof filters !== "object") return "";
  const values = filters as Record<string, unknown>;
  const parts: string[] = [];
  if (typeof values.q === "string" && values.q !== "") parts.push(`search ${quoted(values.q)}`);
  for (const filter of [...ANY_WAITLIST_FILTERS].sort((a, b) => a.control.place - b.control.place)) {
    const value = values[filter.key];
    if (typeof value !== "string" || value === "") continue;
    const option =
      filter.control.kind === "select" ? filter.control.options.find((choice) => choice.value === value) : undefined;
    parts.push(`${filter.label.toLowerCase()}: ${option ? option.label : quoted(value)}`);
  }
  return parts.join(", ");
}

/** The audit page's own filters (who, what, when) as words. */
function describeAuditFilters(filters: unknown): string {
  if (!filters || typeof filters !== "object") return "";
  const values = filters as Record<string, unknown>;
  const parts: string[] = [];
  if (values.admin) parts.push(`one admin's actions`);
  if (values.action) parts.push(`action ${quoted(values.action)}`);
  if (values.from) parts.push(`from ${String(values.from)}`);
  if (values.to) parts.push(`to ${String(values.to)}`);
  return parts.join(", ");
}

function exported(details: Details, noun: [string, string], filters: string): string[] {
  const sentences = [`${count(details.rows, ...noun)} in the file${filters ? `, filtered by ${filters}` : ""}.`];
  if (details.completed === false) sentences.push("The download did not finish.");
  return sentences;
}

function invitation(details: Details): string[] {
  const chosen =
    details.limit !== undefined
      ? `the next ${formatNumber(Number(details.limit))} in the queue${
          describeWaitlistFilters(details.filter) ? ` among ${describeWaitlistFilters(details.filter)}` : ""
        }`
      : `${count(details.ids, "ticked entry", "ticked entries")}`;
  const sentences = [`${count(details.invited, "person", "people")} invited from ${chosen}.`];
  if (details.includeUnconfirmed) sentences.push("Unconfirmed entries were included.");
  if (details.note) sentences.push("With a personal note.");
  return sentences;
}

function importSummary(details: Details): string[] {
  const sentences: string[] = [];
  if (details.file) sentences.push(`File ${quoted(details.file)}.`);
  sentences.push(
    `${count(details.added, "added", "added")}, ${formatNumber(Number(details.existing ?? 0))} already on the list, ${formatNumber(
      Number(details.invalid ?? 0),
    )} not valid, ${formatNumber(Number(details.suppressed ?? 0))} on the do-not-import list${
      details.repeatedInFile ? `, ${count(details.repeatedInFile, "repeat", "repeats")} in the file` : ""
    }.`,
  );
  sentences.push(
    details.sendConfirmations
      ? `${count(details.confirmationsQueued, "confirmation email", "confirmation emails")} queued.`
      : "No confirmation emails sent.",
  );
  if (details.stopped) sentences.push("Stopped before the end of the file.");
  if (details.consent) sentences.push(`Stated: ${quoted(details.consent)}`);
  return sentences;
}

/** Any other details as labelled values ("Ended: 2"), never as raw JSON. */
function labelledValues(details: Details): string[] {
  return Object.entries(details).map(([key, value]) => {
    const label = key
      .replace(/([a-z])([A-Z])/g, "$1 $2")
      .replace(/[_-]+/g, " ")
      .toLowerCase();
    const shown =
      // How someone signed in, in the words of their Sessions list ("Authenticator app", not "totp").
      key === "method" && typeof value === "string" && value in SIGN_IN_METHOD_LABELS
        ? SIGN_IN_METHOD_LABELS[value as SignInMethod]
        : typeof value === "boolean"
          ? value
            ? "yes"
            : "no"
          : value !== null && typeof value === "object"
            ? Object.entries(value as Details)
                .filter(([, inner]) => inner !== "" && inner !== null && inner !== undefined)
                .map(([innerKey, inner]) => `${innerKey} ${String(inner)}`)
                .join(", ") || "none"
            : String(value);
    return `${label.charAt(0).toUpperCase()}${label.slice(1)}: ${shown}.`;
  });
}

/**
 * What an audit entry's details say, as sentences for the Audit Log page: 'Role changed from Member to
 * Admin.', '5 people invited from the next 5 in the queue.'. Nothing for an action whose target says it all.
 */
export function describeAuditDetails(action: string, details: unknown): string[] {
  if (details === null || details === undefined || typeof details !== "object" || Array.isArray(details)) {
    return details === null || details === undefined ? [] : [String(details)];
  }
  const d = details as Details;
  switch (action) {
    case "session.revoke_others":
      return [`${count(d.ended, "other session", "other sessions")} ended.`];
    case "admin.create":
      return d.role ? [`Added as ${roleName(d.role)}.`] : [];
    case "admin.activate":
    case "admin.deactivate":
      return [];
    case "admin.role":
      return [`Role changed from ${roleName(d.from)} to ${roleName(d.to)}.`];
    case "waitlist.credit_referral":
      return [
        `Referral credited to entry ${String(d.referrerId)}; it had been withheld: ${withheldReasonForTeam(String(d.withheld))}.`,
      ];
    case "waitlist.release":
      return [`${count(d.released, "signup", "signups")} released.`];
    case "waitlist.delete_held":
      return [`${count(d.deleted, "held signup", "held signups")} deleted.`];
    case "waitlist.delete":
      return d.suppressed ? ["Their address will never be imported again."] : [];
    case "waitlist.invite":
      return invitation(d);
    case "waitlist.import":
      return importSummary(d);
    case "waitlist.export":
      return exported(d, ["entry", "entries"], describeWaitlistFilters(d.filters));
    case "audit.export":
      return exported(d, ["audit entry", "audit entries"], describeAuditFilters(d.filters));
    case "webhook.create":
    case "webhook.delete":
    case "webhook.test":
      return d.host ? [`Sends to ${String(d.host)}.`] : [];
    case "notifications.change":
      return [`From ${notifyName(d.from)} to ${notifyName(d.to)}.`];
    default:
      return labelledValues(d);
  }
}
