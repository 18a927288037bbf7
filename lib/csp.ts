/**
 * How a page's scripts are allowed to run: by this response's nonce; or, for a page built once, by the hashes
 * of its inline scripts, or (when the build's hashes cannot be found) by being inline at all.
 */
export type ScriptPermission = { nonce: string } | { hashes: readonly string[] | null };

/**
 * The Content-Security-Policy of a page. Pages rendered per request (the admin area) carry a fresh nonce on
 * their scripts; pages built once (the landing page, served as a file) cannot, so their inline scripts are
 * allowed by the SHA-256 of their exact text, and their script files only from this origin. A page built once
 * never gets a nonce policy: its scripts carry no nonce, so such a policy would block every one of them.
 */
export function contentSecurityPolicy(permission: ScriptPermission, isDevelopment: boolean): string {
  let scriptSources: string;
  if ("nonce" in permission) {
    // 'strict-dynamic' lets Next's nonce-bearing bootstrap load its chunks; nothing inline runs without the nonce.
    scriptSources = `'self' 'nonce-${permission.nonce}' 'strict-dynamic'`;
  } else if (permission.hashes === null) {
    // The safe fallback: weaker (any inline script runs), but the page works.
    scriptSources = "'self' 'unsafe-inline'";
  } else {
    scriptSources = ["'self'", ...permission.hashes.map((hash) => `'sha256-${hash}'`)].join(" ");
  }
  return [
    "default-src 'self'",
    `script-src ${scriptSources}${isDevelopment ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${isDevelopment ? " ws: wss:" : ""}`,
    "media-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
