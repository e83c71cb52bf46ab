#!/usr/bin/env node
"use strict"
/*
 * `npm run bench [-- --quick] [-- --only stock,intake]`: every bench, one after the other (each
 * boots its own store or sandbox, so none disturbs another), then every figure's line again as one
 * summary, `name: value (goal: ...) OK|MISSED`. Exits 1 when a bench failed or a goal was missed.
 *   import            the order import's time per order beside Medusa's own (bench/import.ts)
 *   stock             pushes and the reconciliation (bench/stock.ts)
 *   stock-burners     pushes with two CPU burners beside the store
 *   two-workers       two worker processes on one Redis budget flushing one backlog
 *   intake            order intake by listing and by queue at 20,000 orders a day (bench/intake.ts)
 *   sale              a sale on the marketplace -> the hub's quantity lowered, on each intake (bench/sale.ts)
 *   leaks             a reconciliation with 100,000 canceled hub orders beside one with none (bench/leaks.ts)
 *   backlog           a backlog of hub orders imported with one worker, then two (bench/backlog.ts)
 *   publish           the first publication of a 5,000-product catalogue and a title edit (bench/publish.ts)
 *   shipped           orders the hub ships by itself followed into Medusa, beside Medusa's own shipping (bench/shipped.ts)
 *   plp               a PLP of 100 orders grouped and its PDF streamed with bounded memory, no store (bench/plp.ts)
 *   prices            a price rule change over 5,000 SKUs, and its preview over 50,000 beside a reconciliation (bench/prices.ts)
 *   mapping           a mapping change over 5,000 published products, and 5,000 sync errors read a page at a time (bench/mapping.ts)
 *   freight           freight quotes over HTTP at 1, 10 and 50 callers, and with a provider taking 2 s (bench/freight.ts)
 *   warehouses        a reconciliation of 50,000 SKUs over 3 CDs in batches, and a change -> its CD (bench/warehouses.ts)
 * `--quick` runs each at a small size (a few minutes in all, for trying); without it, the sizes the
 * goals are stated for (about 56 minutes on 2 cores, 25 of them the intake bench in real time, 12 prices, 6 mapping).
 */
const { spawn } = require("child_process")
const path = require("path")

const ROOT = path.resolve(__dirname, "..")
const quick = process.argv.includes("--quick")
const onlyArg = process.argv.find((arg) => arg.startsWith("--only="))
const only = onlyArg ? onlyArg.slice("--only=".length).split(",") : undefined
const tsNode = (file, env = {}) => ({ command: process.execPath, args: ["--expose-gc", "-r", "ts-node/register", file, ...(quick ? ["--quick"] : [])], env })
// Medusa's info logs would bury the figures; LOG_LEVEL=info brings them back.
const LOG_LEVEL = process.env.LOG_LEVEL ?? "error"

const BENCHES = [
  { name: "import", command: process.execPath, args: ["bench/run.js", "import", quick ? "50" : "200"], env: {} },
  { name: "stock", ...tsNode("bench/stock.ts") },
  { name: "stock-burners", ...tsNode("bench/stock.ts", { BENCH_BURNERS: "2", BENCH_CATALOGUE: "0", BENCH_DATABASE: "medusa_hub_bench_stock_burners" }) },
  { name: "two-workers", ...tsNode("bench/two-workers.ts") },
  { name: "intake", ...tsNode("bench/intake.ts") },
  { name: "sale", ...tsNode("bench/sale.ts") },
  { name: "backlog", ...tsNode("bench/backlog.ts") },
  { name: "publish", ...tsNode("bench/publish.ts") },
  { name: "shipped", command: process.execPath, args: ["bench/run.js", "shipped", quick ? "200" : "1000"], env: {} },
  { name: "plp", ...tsNode("bench/plp.ts") },
  { name: "prices", ...tsNode("bench/prices.ts") },
  { name: "mapping", ...tsNode("bench/mapping.ts") },
  { name: "freight", ...tsNode("bench/freight.ts") },
  { name: "warehouses", ...tsNode("bench/warehouses.ts") },
  { name: "leaks", command: process.execPath, args: ["bench/run.js", "leaks"], env: quick ? { BENCH_LEAK_PRODUCTS: "500", BENCH_LEAK_CANCELED: "20000" } : {} },
]

const FIGURE = /\(goal: [^)]*\) (OK|MISSED)/

function run(bench) {
  return new Promise((resolve) => {
    const child = spawn(bench.command, bench.args, { cwd: ROOT, env: { ...process.env, LOG_LEVEL, ...bench.env }, stdio: ["ignore", "pipe", "inherit"] })
    const lines = []
    let rest = ""
    child.stdout.on("data", (chunk) => {
      process.stdout.write(chunk)
      const text = rest + chunk.toString()
      const parts = text.split("\n")
      rest = parts.pop()
      lines.push(...parts)
    })
    child.once("exit", (code) => resolve({ code, lines: [...lines, rest] }))
  })
}

async function main() {
  const summary = []
  let failed = false
  for (const bench of BENCHES.filter((b) => !only || only.includes(b.name))) {
    console.error(`\n[bench] ${bench.name}${quick ? " (quick)" : ""}`)
    const started = Date.now()
    const { code, lines } = await run(bench)
    const figures = lines.filter((line) => FIGURE.test(line) || line.startsWith("#"))
    summary.push(...figures)
    if (code !== 0) summary.push(`${bench.name}: the bench failed (exit ${code})`)
    failed ||= code !== 0 || figures.some((line) => line.includes(") MISSED"))
    console.error(`[bench] ${bench.name}: ${((Date.now() - started) / 1000).toFixed(0)} s`)
  }
  console.log(`\n==== npm run bench${quick ? " --quick" : ""}: every figure beside its goal ====`)
  for (const line of summary) console.log(line)
  process.exit(failed ? 1 : 0)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
