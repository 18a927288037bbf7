/**
 * Sends this page's own uncaught errors and unhandled rejections to /api/errors, where they are grouped with
 * the server's. Loaded with the landing page's islands and the admin area, never in the landing page's first
 * JavaScript. Each distinct error goes once per page view, and at most five do: a loop that throws on every
 * frame reports once, not sixty times a second.
 */
const MAX_REPORTS_PER_PAGE = 5;
const sent = new Set<string>();
let installed = false;

function send(name: string, message: string, stack: string | undefined) {
  // A script from another origin reports only "Script error.": nothing to act on.
  if (!message || message === "Script error." || sent.size >= MAX_REPORTS_PER_PAGE) return;
  const key = `${name}\n${message}`;
  if (sent.has(key)) return;
  sent.add(key);
  const body = JSON.stringify({
    name: name.slice(0, 120) || "Error",
    message: message.slice(0, 2_000),
    stack: stack?.slice(0, 5_000),
    path: location.pathname.slice(0, 300),
  });
  void fetch("/api/errors", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    keepalive: true,
  }).catch(() => undefined);
}

function describe(value: unknown, fallbackName: string): [string, string, string | undefined] {
  if (value instanceof Error) return [value.name, value.message, value.stack];
  return [fallbackName, typeof value === "string" ? value : "A non-error value was thrown", undefined];
}

/** Starts reporting, once per page however many islands ask. */
export function reportBrowserErrors(): void {
  if (installed || typeof window === "undefined") return;
  installed = true;
  window.addEventListener("error", (event) => {
    const [name, message, stack] = event.error ? describe(event.error, "Error") : ["Error", event.message, undefined];
    send(name, message, stack);
  });
  window.addEventListener("unhandledrejection", (event) => send(...describe(event.reason, "UnhandledRejection")));
}
