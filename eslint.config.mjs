import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { defineConfig, globalIgnores } from "eslint/config";

// Import rules that keep the layers apart. ESLint replaces a rule's options per matching block rather than
// merging them, so each block lists every pattern that applies to its files.
const relative = {
  group: ["./*", "../*"],
  message: "Import from the project root with @/, so a file reads the same wherever it sits.",
};
const noComponentsInLib = {
  group: ["@/components/*", "@/app/*"],
  message: "lib sits below components and app: move what both need into lib (email templates live in emails/).",
};
const noBrowserFetchOnServer = {
  group: ["@/lib/api", "@/lib/query-client"],
  message:
    "Server code never uses the browser's fetch helper: shared values belong in a module both import (lib/api-codes.ts).",
};
const noDataInValidation = {
  group: ["@/lib/db", "@/lib/db/*", "@/lib/data/*"],
  message: "lib/validation is loaded in the browser by the forms: it never reaches the database.",
};
const noComponentsInContent = {
  group: ["@/components/*", "@/app/*"],
  message: "content is typed data (copy, demo scripts, sample data): components read it, never the other way.",
};
// Only the session check may seal an admin as verified; anywhere else, sealing would let code act as an admin
// it built itself.
const sealOnlyInSessionCheck = {
  name: "@/lib/auth/verified",
  importNames: ["sealVerifiedAdmin"],
  message: "Only lib/auth/session-admin.ts seals a verified admin: get one from requireAdmin or getCurrentAdmin.",
};
const restrict = (...patterns) => ["error", { patterns, paths: [sealOnlyInSessionCheck] }];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
  },
  {
    // Two modules that import each other load in an order that depends on who asked first. A dynamic import()
    // runs after both have loaded, so it may close a loop (lib/db.ts loads the embedded database on demand).
    // Packages are never read for it: they cannot import our modules back.
    files: ["**/*.{ts,tsx}"],
    settings: { "import/ignore": ["node_modules"] },
    rules: { "import/no-cycle": ["error", { allowUnsafeDynamicCyclicDependency: true, ignoreExternal: true }] },
  },
  {
    files: ["**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": restrict(relative) },
  },
  {
    files: ["app/api/**/*.{ts,tsx}", "proxy.ts", "instrumentation.ts", "scripts/**/*.{ts,tsx}", "emails/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": restrict(relative, noBrowserFetchOnServer) },
  },
  {
    files: ["lib/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}", "lib/api.ts", "lib/query-client.ts"],
    rules: { "no-restricted-imports": restrict(relative, noComponentsInLib, noBrowserFetchOnServer) },
  },
  {
    files: ["lib/validation/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": restrict(relative, noComponentsInLib, noBrowserFetchOnServer, noDataInValidation),
    },
  },
  {
    files: ["content/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": restrict(relative, noComponentsInContent) },
  },
  {
    files: ["lib/auth/session-admin.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [relative, noComponentsInLib, noBrowserFetchOnServer] }] },
  },
  globalIgnores([
    ".next/**",
    ".next-*/**",
    ".vercel/**",
    "out/**",
    "build/**",
    "next-env.d.ts",
    "lib/generated/**",
    ".data/**",
    "coverage/**",
    "playwright-report/**",
    "test-results/**",
    "bench-results/**",
    ".tmp-*/**",
  ]),
]);
