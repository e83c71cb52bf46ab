const { loadEnv } = require("@medusajs/framework/utils")
loadEnv("test", process.cwd())

// One jest setup, four kinds of test chosen by TEST_TYPE (the Medusa starters' convention):
// unit (pure logic), integration:hub (hub client <-> sandbox hub over loopback HTTP),
// integration:modules and integration:http (Medusa booted on the real PostgreSQL),
// integration:browser (the admin pages in Debian's Chromium, against the demo).
const testMatch = {
  unit: ["<rootDir>/src/**/__tests__/**/*.unit.spec.[jt]s"],
  "integration:hub": ["<rootDir>/integration-tests/hub/**/*.spec.[jt]s"],
  "integration:modules": ["<rootDir>/src/modules/*/__tests__/**/*.spec.[jt]s"],
  "integration:http": ["<rootDir>/integration-tests/http/**/*.spec.[jt]s"],
  "integration:browser": ["<rootDir>/integration-tests/browser/**/*.spec.[jt]s"],
}[process.env.TEST_TYPE ?? "unit"]

module.exports = {
  transform: {
    "^.+\\.[jt]sx?$": [
      "@swc/jest",
      {
        jsc: {
          parser: { syntax: "typescript", decorators: true, tsx: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: "es2021",
        },
      },
    ],
  },
  testEnvironment: "node",
  moduleFileExtensions: ["js", "ts", "tsx", "json"],
  modulePathIgnorePatterns: ["dist/", "<rootDir>/.medusa/"],
  setupFiles: ["<rootDir>/integration-tests/setup.js"],
  testMatch,
  testPathIgnorePatterns: [
    "/node_modules/",
    "<rootDir>/.medusa/",
    ...(process.env.TEST_TYPE === "integration:modules" ? ["\\.unit\\.spec\\."] : []),
  ],
}
