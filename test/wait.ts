/**
 * Waits until `condition` holds, checking every few milliseconds, and fails with `what` after `timeoutMs`: a
 * test waits for the thing it expects, never for a fixed time a slow machine may overrun.
 */
export async function waitUntil(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
