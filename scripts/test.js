#!/usr/bin/env node
/*
 * `npm test`: the whole suite as three jest runs, one after the other, then their failures again
 * and one line for all of them, alone and last (CI parses it): "N passed, N failed[, N skipped]".
 *
 *   1. unit and integration:hub, in band: quick, and the hub client's timing tests alone on the CPU;
 *   2. integration:http on two workers: each test file boots its own Medusa on its own database
 *      (Medusa's runner names it per file and worker), with its own sandbox hub on its own port and
 *      no Redis, and spends most of its time waiting on timers and the hub (one file keeps about
 *      0.6 of a core busy; four files on two workers kept the machine's 2 cores 51% busy): six files
 *      took 159 s on two workers against 293 s one after the other (three workers, tried on 2 cores,
 *      were no quicker and left timing-bound tests short of CPU). Beside it, one after the other,
 *      integration:browser (the demo with Chromium, 4.5 to 11 minutes, about 0.45 of a core: mostly
 *      waiting on the demo and the browser) and integration:processes (real processes sharing one
 *      Redis, 3 to 4 minutes, bounds of a minute or two), which end well before it; their output held
 *      and printed in one piece when the stage has ended.
 *
 * With arguments (`npm test -- --selectProjects unit`, a path pattern, -t ...): one jest run with
 * them, in band, as the runs above would not be what was asked. The browser's Chromium is found first
 * (scripts/chromium.js) either way.
 */
"use strict"

const { spawn, spawnSync } = require("child_process")
const path = require("path")

const ROOT = path.resolve(__dirname, "..")
const JEST = path.join(ROOT, "node_modules", ".bin", "jest")
const SUMMARY = /^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/

/**
 * Stages one after the other; a stage's lanes side by side, the first lane's output passed through;
 * a lane's runs one after the other.
 */
const STAGES = [
  [[["--runInBand", "--selectProjects", "unit", "integration:hub"]]],
  [
    [["--maxWorkers=2", "--selectProjects", "integration:http"]],
    [
      ["--runInBand", "--selectProjects", "integration:browser"],
      ["--runInBand", "--selectProjects", "integration:processes"],
    ],
  ],
]

/** A lane's runs one after the other, each with its arguments. */
async function lane(runs, env, held) {
  const done = []
  for (const args of runs) done.push({ args, held, ...(await jest(args, env, held)) })
  return done
}

/**
 * Runs jest with `args`, its output passed through (or, `held`, kept and returned whole); resolves with
 * its exit code, its output's last lines and what was held.
 */
function jest(args, env, held = false) {
  return new Promise((resolve) => {
    const child = spawn(JEST, ["--forceExit", ...args], { cwd: ROOT, env, stdio: ["ignore", "pipe", held ? "pipe" : "inherit"] })
    let tail = ""
    const output = []
    if (held) child.stderr.on("data", (chunk) => output.push(chunk))
    child.stdout.on("data", (chunk) => {
      if (held) output.push(chunk)
      else process.stdout.write(chunk)
      // The reporter's block (failures, slowest files, resources, summary) comes last: keep enough of it.
      tail = (tail + chunk).slice(-200_000)
    })
    child.on("close", (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), lines: tail.split("\n").filter((line) => line.trim()), output: Buffer.concat(output) })
    )
  })
}

/** A run's "Failed (N):" block as its reporter printed it, or nothing. */
function failedBlock(lines) {
  const start = lines.map((line) => line.startsWith("Failed (")).lastIndexOf(true)
  if (start === -1) return []
  const end = lines.findIndex((line, index) => index > start && (line === "slowest files:" || line.startsWith("suite: ")))
  return lines.slice(start, end === -1 ? undefined : end)
}

async function main() {
  const chromium = spawnSync(process.execPath, [path.join(ROOT, "scripts", "chromium.js"), "--jest-args", ...process.argv.slice(2)], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] })
  if (chromium.status !== 0) process.exit(chromium.status ?? 1)
  const env = { ...process.env, CHROMIUM_PATH: chromium.stdout.trim() }
  const given = process.argv.slice(2)
  if (given.length) {
    const { code } = await jest(["--runInBand", ...given], env)
    process.exit(code)
  }
  const started = Date.now()
  const totals = { passed: 0, failed: 0, skipped: 0 }
  const failures = []
  const resources = []
  let code = 0
  for (const stage of STAGES) {
    const runs = (await Promise.all(stage.map((runs, index) => lane(runs, env, index > 0)))).flat()
    runs.forEach((run) => {
      const { args } = run
      if (run.held) {
        process.stdout.write(`\n[test] ---- jest ${args.join(" ")} (beside the run above) ----\n`)
        process.stdout.write(run.output)
      }
      const summary = run.lines.length ? SUMMARY.exec(run.lines[run.lines.length - 1]) : null
      if (!summary) {
        // A run that died before its reporter wrote: one failure, said with its arguments.
        totals.failed++
        failures.push(`- jest ${args.join(" ")}: ended (exit code ${run.code}) without its summary`)
      } else {
        totals.passed += Number(summary[1])
        totals.failed += Number(summary[2])
        totals.skipped += Number(summary[3] ?? 0)
      }
      failures.push(...failedBlock(run.lines))
      resources.push(`  ${args.filter((arg) => !arg.startsWith("-")).join(" ")}: ${run.lines.find((line) => line.startsWith("suite: ")) ?? "no figures"}`)
      if (run.code !== 0) code = run.code
    })
  }
  const lines = ["", "all runs:", ...resources]
  if (failures.length) lines.push("", ...failures)
  lines.push(`suite: ${Math.round((Date.now() - started) / 1000)} s wall in all`)
  lines.push(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`)
  process.stdout.write(`${lines.join("\n")}\n`)
  process.exit(code || (totals.failed ? 1 : 0))
}

main()
