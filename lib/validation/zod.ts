import { z } from "zod";

/**
 * zod, set up for pages under our Content-Security-Policy. Without `jitless`, zod probes `new Function("")` the
 * first time it builds an object schema; the CSP (no 'unsafe-eval') blocks it, and although zod catches the error
 * the browser still reports a CSP violation (a DevTools issue, which Lighthouse counts against best practices).
 * Jitless parsing gives the same results without generated code. Every schema module imports `z` from here.
 */
z.config({ jitless: true });

export { z };
