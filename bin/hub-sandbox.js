#!/usr/bin/env node
"use strict"
/*
 * hub-sandbox: the sandbox hub for offline development (see src/sandbox/cli.ts).
 * A checkout of the repository runs the source (never a stale build); the published package,
 * which has no source, runs the compiled CLI.
 */
const fs = require("fs")
const path = require("path")

const source = path.join(__dirname, "..", "src", "sandbox", "cli.ts")
let cli
if (fs.existsSync(source)) {
  require("ts-node").register({ transpileOnly: true, compilerOptions: { module: "commonjs" } })
  cli = require(source)
} else {
  cli = require(path.join(__dirname, "..", ".medusa", "server", "src", "sandbox", "cli.js"))
}

cli.runCli(process.argv.slice(2)).catch((error) => {
  console.error(`hub-sandbox: ${error && error.stack ? error.stack : error}`)
  process.exit(1)
})
