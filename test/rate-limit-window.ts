// Rate limits count in fixed windows (whole minutes, whole quarter hours): a test that fills one and
// expects the next request to be refused fails if the window rolls over in between.

/**
 * Waits for the next window of `windowMs` when fewer than `neededMs` are left in the current one, so the
 * test that follows runs inside a single window.
 */
export async function awayFromWindowEdge(windowMs: number, neededMs: number): Promise<void> {
  const msLeft = windowMs - (Date.now() % windowMs);
  if (msLeft < neededMs) await new Promise((resolve) => setTimeout(resolve, msLeft + 50));
}
