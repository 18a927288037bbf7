/**
 * Codes the server puts beside a message in an error's JSON body, for the browser to act on: shared by the
 * route helpers (lib/http.ts) and the browser's fetch helper (lib/api.ts), which must not import each other.
 */

/** The database could not be reached: a 503 the visitor is told about in plain words, with a retry time. */
export const DATABASE_UNAVAILABLE_CODE = "database_unavailable";

/** A change to how the admin signs in needs their password again (last given over 10 minutes ago): a 403. */
export const PASSWORD_NEEDED_CODE = "password_needed";
