/*
 * jest's own order within a project (failed first, then slowest first), the projects in the
 * order of jest.config.js: unit first (fast feedback), the browser last.
 */
"use strict"

const Sequencer = require("@jest/test-sequencer").default

const ORDER = ["unit", "integration:hub", "integration:http", "integration:processes", "integration:browser"]

const rank = (test) => {
  const name = test.context.config.displayName && test.context.config.displayName.name
  const i = ORDER.indexOf(name)
  return i === -1 ? ORDER.length : i
}

class ProjectOrderSequencer extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests)
    // Array.prototype.sort is stable: jest's order is kept within a project.
    return [...sorted].sort((a, b) => rank(a) - rank(b))
  }
}

module.exports = ProjectOrderSequencer
