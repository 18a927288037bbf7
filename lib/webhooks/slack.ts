import { siteConfig } from "@/config/site";
import { businessTypeText, teamSizeLabel } from "@/lib/validation/waitlist";
import type { WebhookEvent } from "@/lib/webhooks/deliveries";

/** Slack's incoming webhooks take a message, not our event. */
export function isSlackUrl(url: string): boolean {
  return new URL(url).hostname === "hooks.slack.com";
}

/**
 * A value as Slack text, with Slack's three escapes. Slack reads `<…>` as a mention (`<!channel>`) or a link
 * with any label (`<https://…|…>`): a signup's name must show as typed, never ping a channel or disguise a link.
 */
export function slackEscape(value: unknown): string {
  return String(value).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The Slack message for an event: every value in it escaped, so only our own words are Slack markup. */
export function slackMessage(event: WebhookEvent): { text: string } {
  const entry = event.data.entry;
  const who = entry?.name ? `*${slackEscape(entry.name)}*` : `Entry ${slackEscape(entry?.id)}`;
  const product = slackEscape(siteConfig.name);
  switch (event.type) {
    case "waitlist.signup":
    case "waitlist.released":
      return {
        text: `New signup on the ${product} waiting list: ${who} (${slackEscape(entry?.email)}), ${slackEscape(businessTypeText(entry?.businessType ?? "", entry?.businessDescription))}, team ${slackEscape(teamSizeLabel(entry?.employees ?? ""))}, source ${slackEscape(entry?.source)}.`,
      };
    case "waitlist.confirmed":
      return { text: `${who} confirmed their place on the ${product} waiting list.` };
    case "waitlist.invited":
      return { text: `${who} was invited to ${product}.` };
    case "waitlist.accepted":
      return { text: `${who} opened their invitation to ${product}.` };
    case "waitlist.deleted":
      return { text: `Entry ${slackEscape(entry?.id)} was deleted from the ${product} waiting list.` };
    case "waitlist.imported": {
      // One message for a whole import (its entries send no signup events): what it brought, in numbers.
      const counts = event.data as { added?: unknown; existing?: unknown; suppressed?: unknown; invalid?: unknown };
      return {
        text: `A list was imported into the ${product} waiting list: ${slackEscape(counts.added ?? 0)} added, ${slackEscape(counts.existing ?? 0)} already on the list, ${slackEscape(counts.invalid ?? 0)} invalid, ${slackEscape(counts.suppressed ?? 0)} skipped (they had left).`,
      };
    }
    case "broadcast.sent": {
      const sent = event.data as { subject?: unknown; sent?: unknown; failed?: unknown };
      return {
        text: `A broadcast from ${product} finished sending: "${slackEscape(sent.subject ?? "")}", ${slackEscape(sent.sent ?? 0)} sent, ${slackEscape(sent.failed ?? 0)} failed.`,
      };
    }
    case "waitlist.tagged":
    case "waitlist.untagged": {
      const tags = Array.isArray(event.data.tags) ? event.data.tags.map(slackEscape).join(", ") : "";
      return {
        text: `${who} was ${event.type === "waitlist.tagged" ? "tagged" : "untagged"} ${tags} on the ${product} waiting list.`,
      };
    }
    default:
      return {
        text:
          event.data.message !== undefined
            ? slackEscape(event.data.message)
            : `${slackEscape(event.type)} from ${product}.`,
      };
  }
}
