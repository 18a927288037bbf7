/** What the page shows for a failure whose body lacks a message or an error text. */
export const DEFAULT_FAILURE_MESSAGE = "Connection test failed";
export const DEFAULT_FAILURE_ERROR = "Unknown error";

export const CONNECTION_TEST_URL = "/api/ai/test-connection";

export type ConnectionTestResult =
  { ok: true; message: string; response: string } | { ok: false; message: string; error: string };

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);

/**
 * Runs the connection test and describes the outcome; never throws. Unlike apiRequest, a failure keeps the
 * server's `{ message, error }` so the page can show both.
 */
export async function requestConnectionTest(): Promise<ConnectionTestResult> {
  let response: Response;
  try {
    // JSON content type, which the route insists on; no body.
    response = await fetch(CONNECTION_TEST_URL, {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
    });
  } catch {
    return {
      ok: false,
      message: DEFAULT_FAILURE_MESSAGE,
      error: "Could not reach the server. Check your internet connection and try again.",
    };
  }

  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(await response.text());
    if (parsed && typeof parsed === "object") body = parsed as Record<string, unknown>;
  } catch {
    // Not JSON (a proxy's error page, say): the defaults below apply.
  }

  if (response.ok) {
    return { ok: true, message: text(body.message) ?? "Connection successful", response: text(body.response) ?? "" };
  }
  return {
    ok: false,
    message: text(body.message) ?? DEFAULT_FAILURE_MESSAGE,
    error: text(body.error) ?? DEFAULT_FAILURE_ERROR,
  };
}
