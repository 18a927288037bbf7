import type { QueryFunction } from "@tanstack/react-query";

import { DATABASE_UNAVAILABLE_CODE } from "@/lib/api-codes";
import type { AdminRole } from "@/lib/auth/roles";
import type { CreateAdminInput, LoginInput } from "@/lib/validation/admin";
import type { BroadcastInput, SegmentInput } from "@/lib/validation/broadcasts";
import type { HeldAction } from "@/lib/validation/held";
import type { NotifyChoice } from "@/lib/validation/notifications";
import type { MovedUpSettings, TryOttoSettings } from "@/lib/validation/site-settings";
import type { TagEditInput } from "@/lib/validation/tag-edit";

const logRequests = process.env.NODE_ENV === "development";

/** An HTTP failure: `message` is `<status>: <body or status text>`, so a log or error names both. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
    /** From a 429 or 503's Retry-After header (seconds), when it gave one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
  }
}

async function throwIfResNotOk(res: Response) {
  if (res.ok) return;
  const body = await res.text().catch(() => "");
  const retryAfter = Number(res.headers?.get("retry-after") ?? NaN);
  throw new ApiError(
    res.status,
    body,
    res.statusText,
    Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined,
  );
}

/** The payload as the development log shows it: passwords masked, so a console never holds one. */
export function loggablePayload(data: unknown): unknown {
  if (!data || typeof data !== "object" || Array.isArray(data)) return data;
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [key, /password/i.test(key) ? "********" : value]),
  );
}

/** Sends any method with credentials; the body is JSON only when a payload is given. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  if (logRequests) console.info(`[api] ${method} ${url}`, loggablePayload(data) ?? "");
  const res = await fetch(url, {
    method,
    credentials: "include",
    headers: data === undefined ? {} : { "Content-Type": "application/json" },
    body: data === undefined ? undefined : JSON.stringify(data),
  });
  if (logRequests) console.info(`[api] ${method} ${url} -> ${res.status}`);
  await throwIfResNotOk(res);
  return res;
}

type UnauthorizedBehavior = "returnNull" | "throw";

/** The default query: GETs the first element of the query key and parses JSON. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const url = String(queryKey[0]);
    if (logRequests) console.info(`[api] GET ${url}`);
    const res = await fetch(url, { credentials: "include", signal });
    if (logRequests) console.info(`[api] GET ${url} -> ${res.status}`);
    if (options.on401 === "returnNull" && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/**
 * The user-facing message inside an error from this module: the `message` of a JSON body,
 * else the body text, else null.
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  try {
    const parsed: unknown = JSON.parse(error.body);
    if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string") {
      return parsed.message;
    }
  } catch {
    // not JSON: fall through to the raw text
  }
  return error.body.trim() || null;
}

/** What an admin screen's failure toast says: the server's message, or that the server could not be reached. */
export function adminFailureDescription(error: unknown): string {
  return error instanceof ApiError
    ? (serverMessage(error) ?? "Please try again.")
    : "There was a problem connecting to the server. Please try again.";
}

/** The `code` of a JSON error body: a machine-readable reason beside the message people read. */
export function serverCode(error: ApiError): string | null {
  try {
    const parsed: unknown = JSON.parse(error.body);
    if (parsed && typeof parsed === "object" && "code" in parsed && typeof parsed.code === "string") return parsed.code;
  } catch {
    // not JSON: no code
  }
  return null;
}

// A database connection failure in words: what a server (ours without its code, or a host in front of
// it) says when the database cannot be reached.
const DATABASE_CONNECTION_FAILURE = /\bdatabase\b[^.]*\bconnect(ion|ing)?\b|\bconnect(ion|ing)?\b[^.]*\bdatabase\b/i;

/**
 * True when the server answered that the database cannot be reached: a 503 with our code, or an error whose
 * message speaks of a database connection failure.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status < 400) return false;
  if (error.status === 503 && serverCode(error) === DATABASE_UNAVAILABLE_CODE) return true;
  const message = serverMessage(error);
  return message !== null && !message.trimStart().startsWith("<") && DATABASE_CONNECTION_FAILURE.test(message);
}

const ADMIN_API = "/api/admin";

const entryPath = (id: number) => `${ADMIN_API}/waitlist/${id}`;
const withSearch = (path: string, search: string) => (search ? `${path}?${search}` : path);

/**
 * Every admin API endpoint the browser calls, each path written here once. A call sends the request with
 * credentials and resolves to the response, or throws an ApiError when the server refuses (as apiRequest does);
 * the `…Href` ones are URLs for the browser itself to open (the downloads).
 */
export const adminApi = {
  login: (credentials: LoginInput) => apiRequest("POST", `${ADMIN_API}/login`, credentials),
  /** The sign-in's second step: a code, a recovery code or a passkey's answer. */
  verifySecondStep: (body: unknown) => apiRequest("POST", `${ADMIN_API}/login/verify`, body),
  passkeySignInOptions: () => apiRequest("POST", `${ADMIN_API}/login/passkey-options`),
  logout: () => apiRequest("POST", `${ADMIN_API}/logout`),
  setNotify: (notify: NotifyChoice) => apiRequest("PUT", `${ADMIN_API}/notifications`, { notify }),
  /** The owner's "You moved up" updates: on or off, and after how many places. */
  setMovedUp: (settings: MovedUpSettings) => apiRequest("PUT", `${ADMIN_API}/settings/moved-up`, settings),
  setTryOtto: (settings: TryOttoSettings) => apiRequest("PUT", `${ADMIN_API}/settings/try-otto`, settings),
  /** The waiting list's columns the signed-in admin hides. */
  setHiddenListColumns: (hidden: string[]) => apiRequest("PUT", `${ADMIN_API}/list-columns`, { hidden }),
  users: {
    add: (admin: CreateAdminInput) => apiRequest("POST", `${ADMIN_API}/users`, admin),
    setActive: (id: number, isActive: boolean) =>
      apiRequest("PATCH", `${ADMIN_API}/users/${id}/toggle-status`, { isActive }),
    setRole: (id: number, role: AdminRole) => apiRequest("PATCH", `${ADMIN_API}/users/${id}/role`, { role }),
    resetSecondFactor: (id: number) => apiRequest("DELETE", `${ADMIN_API}/users/${id}/second-factor`),
  },
  sessions: {
    end: (id: string) => apiRequest("DELETE", `${ADMIN_API}/sessions/${encodeURIComponent(id)}`),
    endOthers: () => apiRequest("POST", `${ADMIN_API}/sessions/revoke-others`),
  },
  security: {
    confirmPassword: (password: string) => apiRequest("POST", `${ADMIN_API}/security/password`, { password }),
    startTotp: () => apiRequest("POST", `${ADMIN_API}/security/totp`),
    confirmTotp: (code: string) => apiRequest("POST", `${ADMIN_API}/security/totp/confirm`, { code }),
    removeTotp: () => apiRequest("DELETE", `${ADMIN_API}/security/totp`),
    newRecoveryCodes: () => apiRequest("POST", `${ADMIN_API}/security/recovery-codes`),
    passkeyOptions: () => apiRequest("POST", `${ADMIN_API}/security/passkeys/options`),
    addPasskey: (name: string, response: unknown) =>
      apiRequest("POST", `${ADMIN_API}/security/passkeys`, { name, response }),
    renamePasskey: (id: string, name: string) =>
      apiRequest("PATCH", `${ADMIN_API}/security/passkeys/${encodeURIComponent(id)}`, { name }),
    removePasskey: (id: string) => apiRequest("DELETE", `${ADMIN_API}/security/passkeys/${encodeURIComponent(id)}`),
  },
  waitlist: {
    /** Release or delete held signups, one or a selection. */
    held: (body: HeldAction) => apiRequest("POST", `${ADMIN_API}/waitlist/held`, body),
    /** One step of an import: a dry run, the addresses on the list, a batch, or the finish. */
    import: (body: unknown) => apiRequest("POST", `${ADMIN_API}/waitlist/import`, body),
    invite: (body: unknown) => apiRequest("POST", `${ADMIN_API}/waitlist/invitations`, body),
    previewInvitations: (body: unknown) => apiRequest("POST", `${ADMIN_API}/waitlist/invitations/preview`, body),
    /** Add and remove tags on one entry, a selection, or everything a filter matches. */
    tags: (body: TagEditInput) => apiRequest("POST", `${ADMIN_API}/waitlist/tags`, body),
    /** The CSV download of the list for a search string (without its `?`). */
    exportHref: (search: string) => withSearch(`${ADMIN_API}/waitlist/export`, search),
    entry: (id: number) => ({
      resendConfirmation: () => apiRequest("POST", `${entryPath(id)}/confirmation`),
      invite: (note: string) => apiRequest("POST", `${entryPath(id)}/invitation`, { note }),
      creditReferral: () => apiRequest("POST", `${entryPath(id)}/referral-credit`),
      addNote: (body: string) => apiRequest("POST", `${entryPath(id)}/notes`, { body }),
      remove: (options: { suppress: boolean }) =>
        apiRequest("DELETE", options.suppress ? `${entryPath(id)}?suppress=1` : entryPath(id)),
    }),
  },
  /** A note on an entry, by the note's own id: edit or delete it. */
  note: (id: number) => ({
    edit: (body: string) => apiRequest("PATCH", `${ADMIN_API}/notes/${id}`, { body }),
    remove: () => apiRequest("DELETE", `${ADMIN_API}/notes/${id}`),
  }),
  webhooks: {
    add: (url: string) => apiRequest("POST", `${ADMIN_API}/webhooks`, { url }),
    /** Whether the webhook also receives waitlist.tagged and waitlist.untagged. */
    setTagEvents: (id: number, tagEvents: boolean) => apiRequest("PATCH", `${ADMIN_API}/webhooks/${id}`, { tagEvents }),
    test: (id: number) => apiRequest("POST", `${ADMIN_API}/webhooks/${id}/test`),
    remove: (id: number) => apiRequest("DELETE", `${ADMIN_API}/webhooks/${id}`),
  },
  segments: {
    list: () => apiRequest("GET", `${ADMIN_API}/segments`),
    save: (segment: SegmentInput) => apiRequest("POST", `${ADMIN_API}/segments`, segment),
    remove: (id: number) => apiRequest("DELETE", `${ADMIN_API}/segments/${id}`),
  },
  broadcasts: {
    send: (broadcast: BroadcastInput) => apiRequest("POST", `${ADMIN_API}/broadcasts`, broadcast),
    audience: (body: { segmentId: number; includeUnconfirmed: boolean }) =>
      apiRequest("POST", `${ADMIN_API}/broadcasts/audience`, body),
    preview: (message: { subject: string; body: string }) =>
      apiRequest("POST", `${ADMIN_API}/broadcasts/preview`, message),
    test: (message: { subject: string; body: string }) => apiRequest("POST", `${ADMIN_API}/broadcasts/test`, message),
    cancel: (id: number) => apiRequest("POST", `${ADMIN_API}/broadcasts/${id}/cancel`),
  },
  errors: {
    resolve: (id: number) => apiRequest("POST", `${ADMIN_API}/errors/${id}/resolve`),
    test: () => apiRequest("POST", `${ADMIN_API}/errors/test`),
  },
  audit: {
    /** The CSV download of the audit log for a search string (without its `?`). */
    exportHref: (search: string) => withSearch(`${ADMIN_API}/audit/export`, search),
  },
};
