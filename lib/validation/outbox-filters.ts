import { EMAIL_KIND_LIST } from "@/lib/email/kinds";
import {
  choice,
  columnContains,
  columnIs,
  filterUrlParams,
  listFilter,
  readFiltersFromUrl,
  type ListFilterDescriptor,
} from "@/lib/validation/list-filters";
import { blankAsUnset, CONTROL_CHARACTER_MESSAGE, hasNoControlCharacters, z } from "@/lib/validation/zod";

/** The outbox's delivery states, as the Emails page names them. */
export const OUTBOX_STATUS_LABELS = {
  pending: "Waiting to send",
  sent: "Sent",
  failed: "Failed",
  unsent: "Not sent",
} as const;
export type OutboxStatusValue = keyof typeof OUTBOX_STATUS_LABELS;
const OUTBOX_STATUSES = Object.keys(OUTBOX_STATUS_LABELS) as [OutboxStatusValue, ...OutboxStatusValue[]];

const KIND_VALUES = EMAIL_KIND_LIST.map((definition) => definition.kind) as [string, ...string[]];

/** An email address is at most 254 characters; part of one is what the search takes. */
export const OUTBOX_SEARCH_MAX_LENGTH = 254;

/**
 * Every filter of the Emails page (the outbox), in the order its URL lists them: the same descriptors as the waiting
 * list's (lib/validation/waitlist-filters.ts), so the page's address, its controls and the SQL follow from each.
 */
export const OUTBOX_FILTERS = [
  // "Did Lee get her confirmation?": part of the address, any case, finds her messages.
  listFilter({
    key: "to",
    param: "q",
    label: "Recipient",
    schema: z.preprocess(
      blankAsUnset,
      z
        .string({ error: "q must be text" })
        .trim()
        .refine(hasNoControlCharacters, { message: `The search ${CONTROL_CHARACTER_MESSAGE}`, abort: true })
        .max(OUTBOX_SEARCH_MAX_LENGTH, { message: `The search must be at most ${OUTBOX_SEARCH_MAX_LENGTH} characters` })
        .optional(),
    ),
    where: columnContains("to"),
    control: {
      kind: "text",
      place: 1,
      placeholder: "Search by recipient...",
      hint: "Part of an email address, in any case.",
      maxLength: OUTBOX_SEARCH_MAX_LENGTH,
      normalise: (text) => text.trim(),
    },
  }),
  listFilter({
    key: "kind",
    param: "kind",
    label: "Kind",
    schema: choice(KIND_VALUES, "kind must be one of the kinds of email"),
    where: columnIs("kind"),
    control: {
      kind: "select",
      place: 2,
      any: "Any kind",
      options: EMAIL_KIND_LIST.map((definition) => ({ value: definition.kind, label: definition.label })),
    },
  }),
  listFilter({
    key: "status",
    param: "status",
    label: "Status",
    schema: choice(OUTBOX_STATUSES, `status must be one of ${OUTBOX_STATUSES.join(", ")}`),
    where: columnIs("status"),
    control: {
      kind: "select",
      place: 3,
      any: "Any status",
      options: OUTBOX_STATUSES.map((value) => ({ value, label: OUTBOX_STATUS_LABELS[value] })),
    },
  }),
] as const;

/** The filters, each seen as a plain descriptor (their values are all text). */
export const ANY_OUTBOX_FILTERS: readonly ListFilterDescriptor[] = OUTBOX_FILTERS;

type Filter = (typeof OUTBOX_FILTERS)[number];

/** Each filter's value, when it narrows the outbox. */
export type OutboxFilter = { [F in Filter as F["key"]]?: NonNullable<z.output<F["schema"]>> };

/** The Emails page's state from its address: the filters and the page. */
export interface OutboxView {
  filter: OutboxFilter;
  page: number;
}

export const MAX_OUTBOX_PAGE = 1_000_000;

const pageSchema = z.preprocess(
  blankAsUnset,
  z.coerce
    .number({ error: "page must be a whole number" })
    .int({ message: "page must be a whole number" })
    .min(1, { message: "page must be at least 1" })
    .max(MAX_OUTBOX_PAGE, { message: "page is too large" })
    .default(1),
);

/**
 * Reads the Emails page's state from its URL leniently, as the waiting list's page does: a value a filter cannot
 * use is left out and said beside its control (`refused`), and a bad page number is the first page.
 */
export function readOutboxView(params: Pick<URLSearchParams, "get">): OutboxView & { refused: Record<string, string> } {
  const { values, refused } = readFiltersFromUrl(ANY_OUTBOX_FILTERS, params);
  const page = pageSchema.safeParse(params.get("page") ?? undefined);
  return { filter: values as OutboxFilter, page: page.success ? page.data : 1, refused };
}

/** True when any filter narrows the outbox. */
export function isOutboxFiltered(filter: OutboxFilter): boolean {
  return filterUrlParams(ANY_OUTBOX_FILTERS, filter).length > 0;
}

/** The Emails page's address for a view, leaving out what is unset, so pages and links keep the filters. */
export function outboxViewHref({ filter, page }: OutboxView): string {
  const params = new URLSearchParams(filterUrlParams(ANY_OUTBOX_FILTERS, filter));
  if (page !== 1) params.set("page", String(page));
  const search = params.toString();
  return `/admin/emails${search ? `?${search}` : ""}`;
}
