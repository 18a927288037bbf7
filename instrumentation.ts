export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { recordPeerAddresses } = await import("@/lib/peer-address");
  recordPeerAddresses();
  const { bootstrap } = await import("@/lib/bootstrap");
  await bootstrap();
  // A long-running server cleans up after itself; on Vercel the cron route does (see vercel.json).
  if (process.env.VERCEL !== "1") {
    const { startSweeping } = await import("@/lib/maintenance");
    startSweeping();
  }
}
