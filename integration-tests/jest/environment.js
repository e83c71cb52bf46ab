/*
 * The test environment of every jest project (jest.config.js): jest's node environment, plus the
 * timers a test file leaves behind stopped when the file ends.
 *
 * Why: a timer still pending after a test file keeps its callback, hence that file's whole vm
 * context (every module it required: @medusajs/*, MikroORM, awilix, ...; ~150-190 MB for a suite
 * that boots Medusa) alive for as long as it is pending. An unref()'d interval never ends, so its
 * file's context stays for the rest of the run. The one that did it for every Medusa suite:
 * get-port (used by @medusajs/test-utils to pick the server's port) starts a module-level
 * unref()'d 15 s setInterval on first use and never stops it; each test file loads its own copy.
 * (Found with heap snapshots: old contexts were retained by timerListMap[15000] -> Timeout ->
 * get-port's closure -> the file's NativeContext.)
 *
 * The test file's setTimeout/setInterval/setImmediate are the real ones, only noted; when the
 * environment is torn down (after the file's afterAll hooks: Medusa and its connections are shut
 * down by then) the ones still pending are cleared. Nothing of the file can run after that anyway
 * (jest refuses requires from a torn-down environment).
 */
"use strict"

const util = require("util")
const { TestEnvironment } = require("jest-environment-node")

const PRUNE_AT = 1024

class HubTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context)
    const timers = new Set() // Timeout objects (setTimeout, setInterval) made in this file
    const immediates = new Set()
    this.pendingTimers = { timers, immediates }
    let limit = PRUNE_AT
    // A fired setTimeout or a cleared timer is marked _destroyed by node: dropped from the sets
    // now and then, so that a file making many timers does not keep them all.
    const note = (set, handle) => {
      set.add(handle)
      if (set.size >= limit) {
        for (const h of set) if (h._destroyed) set.delete(h)
        limit = Math.max(PRUNE_AT, set.size * 2)
      }
      return handle
    }
    const g = this.global
    const real = { setTimeout, setInterval, setImmediate }
    const wrap = (name, set) => {
      const fn = {
        // a named method keeps the function's name (setTimeout.name), which some code reads
        [name](...args) {
          return note(set, real[name](...args))
        },
      }[name]
      if (real[name][util.promisify.custom]) fn[util.promisify.custom] = real[name][util.promisify.custom]
      Object.defineProperty(g, name, { configurable: true, enumerable: true, writable: true, value: fn })
    }
    wrap("setTimeout", timers)
    wrap("setInterval", timers)
    wrap("setImmediate", immediates)
  }

  async teardown() {
    const { timers, immediates } = this.pendingTimers
    for (const t of timers) if (!t._destroyed) clearTimeout(t)
    for (const i of immediates) if (!i._destroyed) clearImmediate(i)
    timers.clear()
    immediates.clear()
    await super.teardown()
  }
}

module.exports = HubTestEnvironment
