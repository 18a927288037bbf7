export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { recordPeerAddresses } = await import("@/lib/peer-address");
  recordPeerAddresses();
  const { bootstrap } = await import("@/lib/bootstrap");
  await bootstrap();
}
