/*
 * bench/freight: freight quotes answered by Medusa (issue 53, docs/freight.md), over HTTP.
 *
 *   node -r ts-node/register bench/freight.ts [--quick]
 *
 * Boots the development store (medusa-config.ts, src/) on a fresh PostgreSQL database, listening on a
 * loopback port, with freight on for the default account and the tests' calculated fulfillment provider
 * (HUB_FREIGHT_TEST_PROVIDER); seeds a location with a province zone (SP), three flat options (one with
 * a free-shipping item_total rule) and one calculated option. The sandbox hub, in its own process, is
 * the caller (POST /_sandbox/freight-calls, partner's contract): this process's CPU is the store's
 * alone. Prints, for 1, 10 and 50 concurrent callers, p50/p95/p99 of the answer time as the caller saw
 * it (goal: p99 <= 800 ms, the hub's wait) and the store's CPU milliseconds per quote; then the same at
 * 10 callers with the provider taking 2 s (HUB_FREIGHT_TEST_PROVIDER_DELAY_MS): p99 still <= 800 ms,
 * answered from the cache. BENCH_QUOTES quotes per phase (200; --quick 60). Database: DB_HOST, DB_PORT,
 * DB_USERNAME, DB_PASSWORD; BENCH_DATABASE (default medusa_hub_bench_freight) is dropped and created
 * again. Not part of `npm test`.
 */
import { execFileSync } from "node:child_process"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import path from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import type { MedusaContainer } from "@medusajs/framework/types"
import { seedFreightShipping } from "../integration-tests/helpers/freight-store"
import { seedStore } from "../src/scripts/seed-store"
import { rotateFreightTokenWorkflow } from "../src/workflows/freight"
import { figure, info, percentile } from "./lib/figures"
import { control, db, recreateDatabase, ROOT, runBench, startSandbox, type SandboxProcess } from "./lib/store"

const QUICK = process.argv.includes("--quick")
const QUOTES = Number(process.env.BENCH_QUOTES ?? (QUICK ? 60 : 200))
const DATABASE = process.env.BENCH_DATABASE ?? "medusa_hub_bench_freight"
const HUB_WAIT_MS = 800
const log = (message: string) => console.error(`[bench:freight] ${message}`)

/** The store booted as bench/lib/store.ts boots it, but listening: the quotes come over HTTP. */
async function bootListeningStore(sandbox: SandboxProcess) {
  const databaseUrl = `postgres://${db.user}${db.password ? `:${db.password}` : ""}@${db.host}:${db.port}/${DATABASE}`
  Object.assign(process.env, {
    DATABASE_URL: databaseUrl,
    ...sandbox.env,
    HUB_JOBS: "false",
    LOG_LEVEL: "error",
    HUB_FREIGHT: JSON.stringify({ enabled: true, handlingDays: 1 }),
    HUB_FREIGHT_TEST_PROVIDER: "true",
  })
  execFileSync(process.execPath, [require.resolve("@medusajs/cli/cli.js"), "db:migrate"], { cwd: ROOT, env: process.env, stdio: "ignore" })
  const config = require(path.join(ROOT, "medusa-config"))
  config.admin = { ...config.admin, disable: true }
  const loaders = require("@medusajs/medusa/loaders/index").default
  const express = require("express")
  const expressApp = express()
  const app = await loaders({ directory: ROOT, expressApp })
  const server = createServer(expressApp)
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return { container: app.container as MedusaContainer, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stop: async () => { server.close(); await app.shutdown() } }
}

type Result = { status: number | null; ms: number; inTime: boolean; body: any }

/** `callers` runs of the sandbox's caller at once, QUOTES in all; the answers and this process's CPU ms. */
async function phase(sandbox: SandboxProcess, url: string, callers: number): Promise<{ results: Result[]; cpuMs: number }> {
  const before = (await control(sandbox, "GET", "/freight-calls")).runs.length as number
  const cpu = process.cpuUsage()
  const per = Math.ceil(QUOTES / callers)
  for (let i = 0; i < callers; i++) {
    await control(sandbox, "POST", "/freight-calls", { url, contract: "partner", cep: "01310-100", items: [{ sku: "FRB-1", quantity: 1, price: 120, weightKg: 1.2 }], times: per })
  }
  for (;;) {
    const runs = (await control(sandbox, "GET", "/freight-calls")).runs.slice(before) as Array<{ done: boolean; results: Result[] }>
    if (runs.every((run) => run.done)) {
      const used = process.cpuUsage(cpu)
      return { results: runs.flatMap((run) => run.results), cpuMs: (used.user + used.system) / 1000 }
    }
    await sleep(100)
  }
}

function report(name: string, { results, cpuMs }: { results: Result[]; cpuMs: number }): boolean {
  const times = results.map((result) => result.ms).sort((a, b) => a - b)
  const failed = results.filter((result) => result.status !== 200).length
  const options = results.map((result) => result.body?.content?.deliveryOptions?.length ?? 0)
  info(`freight ${name}: quotes`, `${results.length}`, `${failed} not 200; options per answer ${Math.min(...options)}-${Math.max(...options)}`)
  info(`freight ${name}: p50`, `${percentile(times, 0.5)} ms`)
  info(`freight ${name}: p95`, `${percentile(times, 0.95)} ms`)
  const met = figure(`freight ${name}: p99`, percentile(times, 0.99), { at: "<=", target: HUB_WAIT_MS, unit: "ms" }, { digits: 0 })
  info(`freight ${name}: store CPU per quote`, `${(cpuMs / results.length).toFixed(1)} ms`, "this process's user + system time over the phase / quotes")
  return met && failed === 0
}

async function main() {
  await recreateDatabase(DATABASE)
  const sandbox = await startSandbox([])
  let stop: (() => Promise<void>) | undefined
  try {
    log("booting the store")
    const store = await bootListeningStore(sandbox)
    stop = store.stop
    const seeded = await seedStore(store.container, { products: [{ sku: "FRB-1", stocked: 100 }] })
    await seedFreightShipping(store.container, {
      locationId: seeded.stockLocation.id,
      shippingProfileId: seeded.shippingOption.shipping_profile_id as string,
      zones: { "São Paulo": [{ type: "province", country_code: "br", province_code: "br-sp" }] },
      options: [
        { name: "Expressa", zone: "São Paulo", flat: 25, deliveryDays: 2 },
        { name: "Economica", zone: "São Paulo", flat: 30, freeFrom: 200, deliveryDays: 6 },
        { name: "Retirada", zone: "São Paulo", flat: 12, deliveryDays: 4 },
        { name: "Transportadora", zone: "São Paulo", calculated: true, deliveryDays: 4 },
      ],
    })
    const { result } = await rotateFreightTokenWorkflow(store.container).run({ input: { account: "default" } })
    const url = `${store.origin}/hub/freight/default/${result.token}/partner`
    log("warming up")
    await phase(sandbox, url, 1)

    let ok = true
    for (const callers of [1, 10, 50]) ok = report(`${callers} caller(s)`, await phase(sandbox, url, callers)) && ok
    process.env.HUB_FREIGHT_TEST_PROVIDER_DELAY_MS = "2000"
    const slow = await phase(sandbox, url, 10)
    ok = report("10 callers, provider taking 2 s", slow) && ok
    const carried = slow.results.filter((r) => r.body?.content?.deliveryOptions?.some((o: any) => o.deliveryMethodName === "Transportadora")).length
    info("freight 10 callers, provider taking 2 s: answers with the calculated option (from the cache)", `${carried}/${slow.results.length}`)
    log(ok ? "every goal met" : "a goal was missed")
  } finally {
    await stop?.().catch(() => undefined)
    sandbox.child.kill()
  }
}

runBench(main)
