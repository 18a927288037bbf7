/**
 * One shape for all code, so a diff shows what changed and never how someone spaced it. Imports fall into
 * three groups: Node's, packages', then the project's own (`@/`), each sorted.
 */
const config = {
  printWidth: 120,
  plugins: ["@ianvs/prettier-plugin-sort-imports"],
  importOrder: ["<BUILTIN_MODULES>", "<THIRD_PARTY_MODULES>", "", "^@/(.*)$"],
  importOrderTypeScriptVersion: "5.0.0",
};

export default config;
