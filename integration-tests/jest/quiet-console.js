/*
 * setupFiles of the `unit` project: its tests' console output is dropped, as `jest --silent`
 * would do (`silent` applies to a whole run, not to one project). `--silent=false` on the
 * command line keeps it.
 */
"use strict"

if (!process.argv.includes("--silent=false")) {
  const { Console } = require("console")
  const { Writable } = require("stream")
  const nowhere = new Writable({ write: (_chunk, _encoding, done) => done() })
  globalThis.console = new Console({ stdout: nowhere, stderr: nowhere })
}
