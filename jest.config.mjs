import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/** Unit and route-handler tests. Component tests opt into jsdom with a `@jest-environment jsdom` docblock. */
const config = {
  testEnvironment: "node",
  testMatch: ["<rootDir>/**/*.test.ts", "<rootDir>/**/*.test.tsx"],
  testPathIgnorePatterns: ["/node_modules/", "/e2e/", "/.next", "/.data/"],
  modulePathIgnorePatterns: ["<rootDir>/.next", "<rootDir>/.data"],
  moduleNameMapper: {
    "^server-only$": "<rootDir>/test/server-only-stub.ts",
    "^@/(.*)$": "<rootDir>/$1",
  },
  setupFiles: ["<rootDir>/test/setup-env.ts"],
  setupFilesAfterEnv: ["<rootDir>/test/setup-dom.ts"],
  testTimeout: 30_000,
};

// Auth.js and its JOSE helpers ship only ES modules: let SWC compile them for Jest.
const esmPackages = ["next-auth", "@auth", "jose", "oauth4webapi", "preact", "preact-render-to-string", "@panva"];

export default async function jestConfig() {
  const resolved = await createJestConfig(config)();
  resolved.transformIgnorePatterns = [
    `/node_modules/(?!(${esmPackages.join("|")})/)`,
    ...resolved.transformIgnorePatterns.filter((pattern) => !pattern.includes("node_modules")),
  ];
  return resolved;
}
