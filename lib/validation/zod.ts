import { z } from "zod";

/**
 * zod, set up for pages under our Content-Security-Policy. Without `jitless`, zod probes `new Function("")` the
 * first time it builds an object schema; the CSP (no 'unsafe-eval') blocks it, and although zod catches the error
 * the browser still reports a CSP violation (a DevTools issue, which Lighthouse counts against best practices).
 * Jitless parsing gives the same results without generated code. Every schema module imports `z` from here.
 */
z.config({ jitless: true });

export { z };

/** Control characters (C0, DEL and C1): never part of a name, an email or a search, and NUL is refused by PostgreSQL. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** The message for text that holds a control character. */
export const CONTROL_CHARACTER_MESSAGE = "must not contain control characters";

/** True when text holds no control character. */
export function hasNoControlCharacters(text: string): boolean {
  return !CONTROL_CHARACTERS.test(text);
}

/** For z.preprocess: an empty or blank string means "not given", as a form's empty field or a bare `?page=` does. */
export function blankAsUnset(value: unknown): unknown {
  return typeof value === "string" && value.trim() === "" ? undefined : value;
}
