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
const restrict = (...patterns) => ["error", { patterns }];

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
