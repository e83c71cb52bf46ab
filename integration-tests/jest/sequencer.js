/*
 * The projects in the order of jest.config.js (unit first, for fast feedback; the browser last), and
 * within one: the files that failed last time first (jest's own cache), then the longest first, by
 * the committed table of each file's seconds (integration-tests/jest/durations.json). A fresh clone
 * has no jest cache, whose order would be by file size: on two workers a long file started last
 * leaves the other worker idle for its length. The files the table does not hold yet come first, the
 * largest first (jest's own guess).
 * The table is written by `HUB_TEST_DURATIONS=integration-tests/jest/durations.json npm test`
 * (integration-tests/jest/reporter.js).
 */
"use strict"

const fs = require("fs")
const path = require("path")
const Sequencer = require("@jest/test-sequencer").default

const ORDER = ["unit", "integration:hub", "integration:http", "integration:processes", "integration:browser"]
const ROOT = path.resolve(__dirname, "../..")

function readDurations() {
  try {
    return JSON.parse(fs.readFileSync(path.join(__dirname, "durations.json"), "utf8"))
  } catch {
    return {}
  }
}

function fileSize(file) {
  try {
    return fs.statSync(file).size
  } catch {
    return 0
  }
}

const rank = (test) => {
  const name = test.context.config.displayName && test.context.config.displayName.name
  const i = ORDER.indexOf(name)
  return i === -1 ? ORDER.length : i
}

class ProjectOrderSequencer extends Sequencer {
  async sort(tests) {
    const durations = readDurations()
    const key = new Map(
      tests.map((test) => {
        const seconds = durations[path.relative(ROOT, test.path)]
        // Unknown files above every known one, the largest first.
        return [test, seconds ?? 1e9 + fileSize(test.path)]
      })
    )
    const failed = (test) => (this.hasFailed(test) ? 0 : 1)
    return [...tests].sort((a, b) => rank(a) - rank(b) || failed(a) - failed(b) || key.get(b) - key.get(a) || (a.path < b.path ? -1 : 1))
  }
}

module.exports = ProjectOrderSequencer
