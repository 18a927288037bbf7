import { formatNumber } from "@/lib/format";
import { readFiltersFromUrl } from "@/lib/validation/list-filters";
import {
  ANY_WAITLIST_FILTERS,
  filterValueOf,
  type WaitlistFilterShape,
  type WaitlistFilterValues,
} from "@/lib/validation/waitlist-filters";
import { blankAsUnset, CONTROL_CHARACTER_MESSAGE, hasNoControlCharacters, z } from "@/lib/validation/zod";

/**
 * Orders the admin list and the export can use; each one has an index behind it. By place: the line from
 * its front, then everyone with no place (unconfirmed, invited or accepted) in the order their entries were made (by id).
 */
export const WAITLIST_SORTS = [
  "joined_desc",
  "joined_asc",
  "name_asc",
  "name_desc",
  "place_asc",
  "place_desc",
] as const;
export type WaitlistSort = (typeof WAITLIST_SORTS)[number];

export const DEFAULT_WAITLIST_SORT: WaitlistSort = "joined_desc";
export const DEFAULT_WAITLIST_PAGE_SIZE = 50;
export const MAX_WAITLIST_PAGE_SIZE = 200;
export const MAX_WAITLIST_PAGE = 1_000_000;
export const MAX_WAITLIST_SEARCH_LENGTH = 200;

const searchSchema = z
  .string({ error: "q must be text" })
  .trim()
  .refine(hasNoControlCharacters, { message: `q ${CONTROL_CHARACTER_MESSAGE}`, abort: true })
  .max(MAX_WAITLIST_SEARCH_LENGTH, { message: `q must be at most ${MAX_WAITLIST_SEARCH_LENGTH} characters` })
  .default("");

const pageSchema = z.preprocess(
  blankAsUnset,
  z.coerce
    .number({ error: "page must be a whole number" })
    .int({ message: "page must be a whole number" })
    .min(1, { message: "page must be at least 1" })
    .max(MAX_WAITLIST_PAGE, { message: `page must be at most ${formatNumber(MAX_WAITLIST_PAGE)}` })
    .default(1),
);

const pageSizeSchema = z.preprocess(
  blankAsUnset,
  z.coerce
    .number({ error: "pageSize must be a whole number" })
    .int({ message: "pageSize must be a whole number" })
    .min(1, { message: "pageSize must be at least 1" })
    .max(MAX_WAITLIST_PAGE_SIZE, { message: `pageSize must be at most ${MAX_WAITLIST_PAGE_SIZE}` })
    .default(DEFAULT_WAITLIST_PAGE_SIZE),
);

const sortSchema = z.preprocess(
  blankAsUnset,
  z.enum(WAITLIST_SORTS, { error: `sort must be one of ${WAITLIST_SORTS.join(", ")}` }).default(DEFAULT_WAITLIST_SORT),
);

/** GET /api/admin/waitlist query parameters; unknown parameters are ignored. */
export const waitlistListQuerySchema = withFilterParams({
  q: searchSchema,
  page: pageSchema,
  pageSize: pageSizeSchema,
  sort: sortSchema,
});

/**
 * Whether the export adds the team's notes (`notes=yes`): never unless ticked, as notes are the team's own words
 * about a person.
 */
const exportNotesSchema = z.preprocess(blankAsUnset, z.enum(["yes"], { error: "notes must be yes" }).optional());

/** GET /api/admin/waitlist/export query parameters: the list's search, filters and order, every page; and notes. */
export const waitlistExportQuerySchema = withFilterParams({
  q: searchSchema,
  sort: sortSchema,
  notes: exportNotesSchema,
});

/** What the admin list, the export and "invite the next" can be narrowed by: a search, and the filters. */
export type WaitlistFilter = { q: string } & WaitlistFilterValues;
export type WaitlistListQuery = {
  q: string;
  page: number;
  pageSize: number;
  sort: WaitlistSort;
} & WaitlistFilterValues;
export type WaitlistExportQuery = { q: string; sort: WaitlistSort; notes?: "yes" } & WaitlistFilterValues;

/**
 * A query-string schema: `shape`, and each filter read from its URL parameter into its field. Fields come
 * out in the shape's order, then the filters'.
 */
function withFilterParams<Shape extends z.ZodRawShape>(shape: Shape) {
  const byParam = Object.fromEntries(ANY_WAITLIST_FILTERS.map((descriptor) => [descriptor.param, descriptor.schema]));
  return z.object({ ...shape, ...byParam }).transform((parsed) => {
    const fields: Record<string, unknown> = { ...parsed };
    for (const descriptor of ANY_WAITLIST_FILTERS) {
      const value = fields[descriptor.param];
      delete fields[descriptor.param];
      if (value !== undefined) fields[descriptor.key] = value;
    }
    return fields as z.output<z.ZodObject<Shape>> & WaitlistFilterValues;
  });
}

/** Each filter's schema under its field name: the filters of a request body. */
const filterShape = Object.fromEntries(
  ANY_WAITLIST_FILTERS.map((descriptor) => [descriptor.key, descriptor.schema]),
) as WaitlistFilterShape;

/**
 * The search and every filter as one JSON object (`{ q, status, type, … }`): the filter of an invitation
 * request, and what a saved segment stores. A filter added to the descriptors is part of it at once.
 */
export const waitlistFilterSchema = z.strictObject({ q: searchSchema, ...filterShape });

/** True when a search or any filter narrows the list. */
export function isFiltered(filter: WaitlistFilter): boolean {
  return filter.q !== "" || ANY_WAITLIST_FILTERS.some((descriptor) => filterValueOf(filter, descriptor) !== undefined);
}

/** The search and filters of a view or query, without its page or order. */
export function waitlistFilterOf(view: WaitlistFilter): WaitlistFilter {
  const filter: Record<string, string | undefined> = { q: view.q };
  for (const descriptor of ANY_WAITLIST_FILTERS) filter[descriptor.key] = filterValueOf(view, descriptor);
  return filter as WaitlistFilter;
}

/** The name the waitlist export downloads as. */
export const WAITLIST_EXPORT_FILE_NAME = "waitlist_entries.csv";

/** The page's URL state (`?q=&page=&sort=` and the filters): what the address bar holds, read leniently. */
export type WaitlistViewState = Pick<WaitlistListQuery, "q" | "page" | "sort"> & WaitlistFilterValues;

/**
 * Reads the page's state from a URL's search params. A hand-edited or stale bookmark never breaks the
 * page: each invalid value falls back to its default on its own.
 */
export function readWaitlistViewState(params: Pick<URLSearchParams, "get">): WaitlistViewState {
  const q = searchSchema.safeParse(params.get("q") ?? undefined);
  const page = pageSchema.safeParse(params.get("page") ?? undefined);
  const sort = sortSchema.safeParse(params.get("sort") ?? undefined);
  return {
    q: q.success ? q.data : "",
    page: page.success ? page.data : 1,
    sort: sort.success ? sort.data : DEFAULT_WAITLIST_SORT,
    ...readFiltersFromUrl(ANY_WAITLIST_FILTERS, params).values,
  } as WaitlistViewState;
}

/**
 * The filters the URL gives a value they cannot use, each with its filter's message: the page leaves them
 * out (readWaitlistViewState) and says so beside their control, rather than silently listing everyone.
 */
export function refusedWaitlistFilters(params: Pick<URLSearchParams, "get">): Record<string, string> {
  return readFiltersFromUrl(ANY_WAITLIST_FILTERS, params).refused;
}

/** The search string for a view state, leaving out defaults so URLs stay short (no leading `?`). */
export function waitlistViewSearch(state: WaitlistViewState, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  if (state.page !== 1) params.set("page", String(state.page));
  if (state.sort !== DEFAULT_WAITLIST_SORT) params.set("sort", state.sort);
  for (const descriptor of ANY_WAITLIST_FILTERS) {
    const value = filterValueOf(state, descriptor);
    if (value) params.set(descriptor.param, value);
  }
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return params.toString();
}

/** One key per view for caching its page: every field, defaults included, so "page 1" and "no page" are one read. */
export function waitlistViewKey(view: WaitlistViewState): string {
  const params = new URLSearchParams({ q: view.q, page: String(view.page), sort: view.sort });
  for (const descriptor of ANY_WAITLIST_FILTERS) params.set(descriptor.param, filterValueOf(view, descriptor) ?? "");
  return params.toString();
}

const INVITE_NOTE_MAX = 1000;
const noteSchema = z
  .string({ error: "note must be text" })
  .trim()
  .max(INVITE_NOTE_MAX, { message: `note must be at most ${INVITE_NOTE_MAX} characters` })
  .refine(hasNoControlCharactersExceptNewlines, { message: `note ${CONTROL_CHARACTER_MESSAGE}` })
  .default("");

function hasNoControlCharactersExceptNewlines(text: string): boolean {
  return hasNoControlCharacters(text.replace(/\r?\n/g, " "));
}

/** The largest batch one invitation request may invite. */
export const MAX_INVITATION_BATCH = 10_000;

/** How many of the queue one invitation request may invite. */
export const invitationLimitSchema = z
  .number({ error: "Enter how many to invite, as a whole number" })
  .int("Enter how many to invite, as a whole number")
  .min(1, "Invite at least one person")
  .max(MAX_INVITATION_BATCH, `You can invite up to ${formatNumber(MAX_INVITATION_BATCH)} people at a time`);

/**
 * Whether entries that never confirmed their address are invited too. Not unless asked: their confirmation
 * email promised one reminder, and nothing beyond it, to someone who did not confirm.
 */
const includeUnconfirmedSchema = z.boolean({ error: "includeUnconfirmed must be true or false" }).default(false);

/**
 * POST /api/admin/waitlist/invitations: chosen entries (`ids`), or the next `limit` entries of a filter in
 * queue order, confirmed ones only unless `includeUnconfirmed`; with the team's optional personal `note`.
 */
export const invitationRequestSchema = z.union([
  z.strictObject({
    ids: z
      .array(
        z
          .number({ error: "ids must be entry ids" })
          .int("ids must be entry ids")
          .min(1, "ids must be entry ids")
          .max(2_147_483_647, "ids must be entry ids"),
      )
      .min(1, { message: "Choose at least one entry" })
      .max(MAX_INVITATION_BATCH, { message: `At most ${formatNumber(MAX_INVITATION_BATCH)} entries at once` }),
    includeUnconfirmed: includeUnconfirmedSchema,
    note: noteSchema,
  }),
  z.strictObject({
    filter: waitlistFilterSchema,
    limit: invitationLimitSchema,
    includeUnconfirmed: includeUnconfirmedSchema,
    note: noteSchema,
  }),
]);
export type InvitationRequest = z.output<typeof invitationRequestSchema>;

/** Who an invitation request chooses, without its note. */
export function targetOfInvitationRequest(body: InvitationRequest) {
  return "ids" in body
    ? { ids: body.ids, includeUnconfirmed: body.includeUnconfirmed }
    : { filter: body.filter, limit: body.limit, includeUnconfirmed: body.includeUnconfirmed };
}

/** The body of one entry's "Invite" or "Resend invitation": the optional personal note. */
export const invitationNoteSchema = z.strictObject({ note: noteSchema });
