/**
 * Rate limits key on the client's address: the rightmost X-Forwarded-For entry, as the e2e server trusts one
 * proxy. A test that is its own client never shares a limit with another test, whichever spec file it is in.
 * A worker that restarts after a failure counts again from a new random start, clear of the addresses it used.
 */
let last = Math.floor(Math.random() * 0x1000000);

/** An address in 10.0.0.0/8 that no earlier request of this run has come from. */
export function freshClientAddress(): string {
  last = (last + 1) % 0x1000000;
  return `10.${last >> 16}.${(last >> 8) & 0xff}.${last & 0xff}`;
}
