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

export default createJestConfig(config);
