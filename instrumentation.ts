/**
 * Runs once in every server process, including the proxy's own function on Vercel. So it stays light: it
 * must not import the database, the email renderer or anything else the proxy does not need, or they are
 * shipped in the proxy's bundle. The server's start-up work begins on its first use of the database
 * (see serverStarted in lib/db.ts).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { recordPeerAddresses } = await import("@/lib/peer-address");
  recordPeerAddresses();
}

type RecordServerError = (error: unknown, where: { route: string; method: string }) => Promise<void>;

/**
 * A page, a server action or a route outside the route wrapper failed. The recorder is reached through a
 * global that a server process sets when it loads lib/errors/record.ts (its first use of the database does):
 * importing it here would put the database into the proxy's bundle, which shares this file.
 */
export async function onRequestError(
  error: unknown,
  request: { path: string; method: string },
  context: { routePath: string },
) {
  const record = (globalThis as { __ottoRecordServerError?: RecordServerError }).__ottoRecordServerError;
  await record?.(error, { route: context.routePath || request.path.split("?")[0]!, method: request.method });
}
