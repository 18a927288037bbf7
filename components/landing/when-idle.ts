/**
 * Runs `callback` once the browser is idle (after `timeout` ms at the latest, when given) and returns a function
 * that cancels it. Where there is no requestIdleCallback (Safari), it runs a frame later instead.
 */
export function whenIdle(callback: () => void, timeout?: number): () => void {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(callback, timeout === undefined ? undefined : { timeout });
    return () => cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 16);
  return () => window.clearTimeout(handle);
}
