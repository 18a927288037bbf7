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
