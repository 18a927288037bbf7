import http from "node:http";

import { PEER_ADDRESS_HEADER } from "@/lib/ip-address";

let installed = false;

/**
 * Makes the Node server write each connection's peer address onto its request, replacing any header of
 * that name the client sent. Route handlers only see a web Request, which carries no socket; without
 * this, a server reached directly could only go by X-Forwarded-For, which any client can write.
 */
export function recordPeerAddresses(): void {
  if (installed) return;
  installed = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function emitWithPeerAddress(
    this: http.Server,
    event: string | symbol,
    ...args: unknown[]
  ) {
    if (event === "request") {
      const request = args[0] as http.IncomingMessage;
      const address = request.socket?.remoteAddress;
      if (address) request.headers[PEER_ADDRESS_HEADER] = address.replace(/^::ffff:/, "");
      else delete request.headers[PEER_ADDRESS_HEADER];
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof emit;
}
