// Loaded first (node --import) by the process of e2e/support/render-emails.ts: the server's email modules
// guard themselves with "server-only", which only resolves under React's server conditions, and those
// conditions refuse react-dom/server, which renders email. This maps only that guard to its empty module.
import Module from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const empty = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "..",
  "..",
  "node_modules",
  "server-only",
  "empty.js",
);
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === "server-only" ? empty : resolve.call(this, request, ...rest);
};
