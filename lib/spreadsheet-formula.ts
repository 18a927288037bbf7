/**
 * First characters that make a spreadsheet run a cell as a formula (or treat it as one after stripping a tab
 * or carriage return). One list for the server's export, which puts a `'` before them, and the import, which
 * runs in the browser too and takes that `'` off a file this site exported.
 */
export const FORMULA_TRIGGER_CHARACTERS: readonly string[] = ["=", "+", "-", "@", "\t", "\r"];
