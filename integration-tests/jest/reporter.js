/*
 * jest reporter (after "default", see jest.config.js). When the run ends it prints the failed
 * tests again with the first lines of their messages (CI keeps only the tail of the output, and
 * jest prints a failure far above), then alone on the very last line (CI parses it):
 *
 *   N passed, N failed[, N skipped]
 *
 * with the run's wall time and peak memory on the line before it (resourceLine below), and the
 * slowest test files above those (slowestFiles). With HUB_TEST_DURATIONS=<file>, each file's seconds
 * are also merged into that JSON file (the sequencer's table: integration-tests/jest/durations.json).
 *
 * A suite that failed to run (syntax error, missing module, failing hook) without a failed test
 * counts as one failure. No test run: fine when a filter selected nothing (--selectProjects, a
 * path pattern, -t, ...), which it says; a failure without a filter.
 *
 * Both are written when the process exits, so that nothing jest prints after the reporters (the
 * globalTeardown's lines, "Force exiting Jest: ...") comes after the last line.
 */
"use strict"

const fs = require("fs")
const path = require("path")

const MESSAGE_LINES = 12

/**
 * Written with fs.writeSync: by the time the process exits, jest (the `exit` package) has
 * replaced process.stdout.write and process.stderr.write with no-ops.
 */
function writeSync(fd, text) {
  let buf = Buffer.from(text)
  while (buf.length) {
    try {
      buf = buf.subarray(fs.writeSync(fd, buf))
    } catch (err) {
      if (err.code !== "EAGAIN") return
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10) // a full pipe: wait a bit
    }
  }
}

// eslint-disable-next-line no-control-regex -- ESC (\u001b) starts the ANSI colour codes being stripped
const stripAnsi = (s) => String(s).replace(/\u001b\[[0-9;]*m/g, "")

/** The run's filters, as given on the command line (empty when none). */
function describeFilters(globalConfig, argv = process.argv.slice(2)) {
  const filters = []
  // Not in globalConfig: read from the command line (`--selectProjects a b`, `--selectProjects=a`).
  for (const flag of ["selectProjects", "ignoreProjects"]) {
    const kebab = flag.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
    for (let i = 0; i < argv.length; i++) {
      const m = /^--([\w-]+)(?:=(.*))?$/.exec(argv[i])
      if (!m || (m[1] !== flag && m[1] !== kebab)) continue
      const names = m[2] !== undefined ? [m[2]] : []
      for (let j = i + 1; m[2] === undefined && j < argv.length && !argv[j].startsWith("-"); j++) names.push(argv[j])
      filters.push(`--${flag} ${names.join(" ")}`.trim())
    }
  }
  if (globalConfig.testPathPattern) filters.push(`path pattern ${JSON.stringify(globalConfig.testPathPattern)}`)
  if (globalConfig.testNamePattern) filters.push(`-t ${JSON.stringify(globalConfig.testNamePattern)}`)
  if (globalConfig.findRelatedTests) filters.push("--findRelatedTests")
  if (globalConfig.onlyChanged) filters.push("--onlyChanged")
  if (globalConfig.lastCommit) filters.push("--lastCommit")
  if (globalConfig.changedSince) filters.push(`--changedSince ${globalConfig.changedSince}`)
  if (globalConfig.onlyFailures) filters.push("--onlyFailures")
  if (globalConfig.shard) filters.push(`--shard ${globalConfig.shard.shardIndex}/${globalConfig.shard.shardCount}`)
  return filters
}

/**
 * "suite: 1382 s wall, peak RSS 2.1 GiB": the run's wall time (this process's, from its start
 * to its exit) and the highest resident set size of the process that ran the tests (jest runs
 * them in band: this one; the server and worker processes integration:processes starts are
 * their own).
 */
function resourceLine() {
  const gib = process.resourceUsage().maxRSS / 1024 / 1024 // maxRSS is in KiB
  return `suite: ${Math.round(process.uptime())} s wall, peak RSS ${gib.toFixed(1)} GiB`
}

const SLOWEST = 10

/** "slowest files:" and the SLOWEST longest test files, seconds each: where a run's time goes. */
function slowestFiles(testResults, root) {
  const timed = testResults
    .filter((suite) => suite.perfStats && suite.perfStats.end > suite.perfStats.start)
    .map((suite) => ({ file: path.relative(root, suite.testFilePath), seconds: (suite.perfStats.end - suite.perfStats.start) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
  if (timed.length < 2) return []
  return ["", "slowest files:", ...timed.slice(0, SLOWEST).map(({ file, seconds }) => `  ${seconds.toFixed(0).padStart(5)} s  ${file}`)]
}

/** Merges this run's seconds per test file into the JSON table at `file` (integration-tests/jest/sequencer.js reads it). */
function recordDurations(file, testResults, root) {
  let table = {}
  try {
    table = JSON.parse(fs.readFileSync(file, "utf8"))
  } catch {
    // a new table
  }
  for (const suite of testResults) {
    if (!suite.perfStats || !(suite.perfStats.end > suite.perfStats.start)) continue
    table[path.relative(root, suite.testFilePath)] = Math.round((suite.perfStats.end - suite.perfStats.start) / 100) / 10
  }
  const sorted = Object.fromEntries(Object.entries(table).sort(([a], [b]) => (a < b ? -1 : 1)))
  fs.writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`)
}

class SummaryReporter {
  constructor(globalConfig) {
    this.globalConfig = globalConfig
    this.error = undefined
    this.registered = false
    this.projectOf = new Map() // test file -> project name (a crashed suite's result has none)
  }

  onTestResult(test) {
    const name = test.context.config.displayName && test.context.config.displayName.name
    if (name) this.projectOf.set(test.path, name)
  }

  onRunComplete(_contexts, results) {
    const root = this.globalConfig.rootDir
    const failures = []
    let crashed = 0
    for (const suite of results.testResults) {
      const name = (suite.displayName && suite.displayName.name) || this.projectOf.get(suite.testFilePath)
      const project = name ? `${name} ` : ""
      const file = path.relative(root, suite.testFilePath)
      const failedTests = suite.testResults.filter((t) => t.status === "failed")
      if (!failedTests.length && (suite.testExecError || suite.failureMessage)) {
        crashed++
        failures.push({
          title: `${project}${file}: the suite failed to run`,
          message: suite.failureMessage || (suite.testExecError && suite.testExecError.message) || "",
        })
      }
      for (const test of failedTests) {
        failures.push({ title: `${project}${file}: ${test.fullName}`, message: test.failureMessages.join("\n") })
      }
    }
    const passed = results.numPassedTests
    const failed = results.numFailedTests + crashed
    const skipped = results.numPendingTests + results.numTodoTests

    const lines = []
    if (failures.length) {
      lines.push("", `Failed (${failures.length}):`)
      for (const { title, message } of failures) {
        lines.push(`- ${title}`)
        const messageLines = stripAnsi(message)
          .split("\n")
          .filter((l) => l.trim())
        for (const l of messageLines.slice(0, MESSAGE_LINES)) lines.push(`    ${l}`)
      }
    }
    if (passed + failed === 0) {
      const filters = describeFilters(this.globalConfig)
      lines.push("")
      if (filters.length) {
        lines.push(`No test matches the filter (${filters.join(", ")}): nothing to run.`)
      } else {
        lines.push("No test ran: failing the run.")
        this.error = new Error("no test ran")
      }
    }
    this.last = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`

    lines.push(...slowestFiles(results.testResults, root))
    if (process.env.HUB_TEST_DURATIONS) recordDurations(path.resolve(root, process.env.HUB_TEST_DURATIONS), results.testResults, root)
    this.text = lines.length ? `${lines.join("\n")}\n` : ""
    if (!this.registered) {
      this.registered = true
      // jest's --json without --outputFile owns stdout.
      const fd = this.globalConfig.json && !this.globalConfig.outputFile ? 2 : 1
      process.on("exit", () => writeSync(fd, `${this.text}${resourceLine()}\n${this.last}\n`))
    }
  }

  /** Read by jest after onRunComplete: an error here makes the run fail (exit 1). */
  getLastError() {
    return this.error
  }
}

module.exports = SummaryReporter
