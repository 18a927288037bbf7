/** How a page's scripts are allowed to run: by this response's nonce, or by the hashes of a page built once. */
export type ScriptPermission = { nonce: string } | { hashes: readonly string[] };

/**
 * The Content-Security-Policy of a page. Pages rendered per request (the admin area) carry a fresh nonce on
 * their scripts; pages built once (the landing page, served as a file) cannot, so their inline scripts are
 * allowed by the SHA-256 of their exact text, and their script files only from this origin.
 */
export function contentSecurityPolicy(permission: ScriptPermission, isDevelopment: boolean): string {
  const scriptSources =
    "nonce" in permission
      ? // 'strict-dynamic' lets Next's nonce-bearing bootstrap load its chunks; nothing inline runs without the nonce.
        `'self' 'nonce-${permission.nonce}' 'strict-dynamic'`
      : ["'self'", ...permission.hashes.map((hash) => `'sha256-${hash}'`)].join(" ");
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
