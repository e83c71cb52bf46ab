#!/usr/bin/env node
"use strict"
/*
 * `npm run drills [-- [--quick] [drill...]]`: runs each drill (drills/<name>.ts) in a process of its
 * own, each bounded in time, and exits non-zero when one missed a goal, failed or ran out of time.
 * Every drill prints `name: value (goal: ...) OK|MISSED` lines on stdout, its progress on stderr.
 */
const { spawn } = require("child_process")
const path = require("path")

const ROOT = path.resolve(__dirname, "..")
/** Each drill with the longest it may take (full size; --quick needs far less). */
const DRILLS = {
  malformed: 5 * 60_000,
  storms: 8 * 60_000,
  "two-workers": 8 * 60_000,
  "kill-import": 35 * 60_000,
  "kill-publish": 20 * 60_000,
  "body-limits": 3 * 60_000,
}

const args = process.argv.slice(2)
const quick = args.includes("--quick")
const chosen = args.filter((arg) => !arg.startsWith("--"))
const unknown = chosen.filter((name) => !(name in DRILLS))
if (unknown.length) {
  console.error(`unknown drill(s): ${unknown.join(", ")}; the drills: ${Object.keys(DRILLS).join(", ")}`)
  process.exit(2)
}

function runDrill(name, timeoutMs) {
  return new Promise((resolve) => {
    const started = Date.now()
    const child = spawn(process.execPath, ["--no-deprecation", "-r", "ts-node/register", path.join("drills", `${name}.ts`), ...(quick ? ["--quick"] : [])], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "error" },
      stdio: ["ignore", "pipe", "inherit"],
      // Its own process group, so that a drill out of time goes with every process it started.
      detached: true,
    })
    const figures = []
    let pending = ""
    child.stdout.on("data", (chunk) => {
      process.stdout.write(chunk)
      pending += chunk.toString()
      const lines = pending.split("\n")
      pending = lines.pop()
      figures.push(...lines.filter((line) => / \(goal: .*\) (OK|MISSED)/.test(line)))
    })
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      try {
        process.kill(-child.pid, "SIGKILL")
      } catch {
        child.kill("SIGKILL")
      }
    }, timeoutMs)
    child.on("exit", (code) => {
      clearTimeout(timer)
      const seconds = ((Date.now() - started) / 1000).toFixed(0)
      resolve({ name, figures, ok: code === 0 && !timedOut, verdict: timedOut ? `out of time after ${seconds} s` : code === 0 ? `OK in ${seconds} s` : `MISSED (exit ${code}) in ${seconds} s` })
    })
  })
}

async function main() {
  const results = []
  for (const name of chosen.length ? chosen : Object.keys(DRILLS)) {
    console.log(`\n== drill ${name}${quick ? " (quick)" : ""}`)
    results.push(await runDrill(name, DRILLS[name]))
  }
  console.log("\n== drills")
  for (const result of results) {
    console.log(`${result.name}: ${result.verdict}`)
    for (const line of result.figures) console.log(`  ${line}`)
  }
  process.exit(results.every((result) => result.ok) ? 0 : 1)
}

main()
