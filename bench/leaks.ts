/*
 * bench/leaks: what a year of canceled hub orders costs a reconciliation. The reconciliation ends
 * with the leaked-reservation check, which reads what can still leak (src/queries/leaked-reservations.ts):
 * orders changed since they were found clean, and a bounded sweep. This walks a catalogue of
 * BENCH_LEAK_PRODUCTS (2,000) hub products RUNS (5) times with no canceled hub order, then with
 * BENCH_LEAK_CANCELED (100,000) canceled ones found clean before (the steady state of a busy store),
 * and prints the median of each. Goal: with / without <= 1.10.
 *   npm run bench:leaks   (node bench/run.js leaks: a fresh database, then medusa exec)
 */
import type HubModuleService from "../src/modules/hub/service"
import { HUB_MODULE } from "../src/modules/hub"
import { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { uniformRateLimits } from "../src/hub-client"
import { startSandboxHub } from "../src/sandbox"
import { reconcileCatalogue } from "../src/sync/catalogue/catalogue-reconciliation"
import { seedStore } from "../integration-tests/helpers/store"
import { figure, info } from "./lib/figures"

const PRODUCTS = Number(process.env.BENCH_LEAK_PRODUCTS ?? 2_000)
const CANCELED = Number(process.env.BENCH_LEAK_CANCELED ?? 100_000)
const RUNS = 5

export default async function benchLeaks({ container }: ExecArgs) {
  const hubUrl = new URL(process.env.HUB_BASE_URL!)
  // The walk's cost is the store's, not the hub's limits: every bucket wide open.
  const hub = await startSandboxHub({
    port: Number(hubUrl.port),
    credentials: { userEmail: process.env.HUB_USER_EMAIL!, apiKey: process.env.HUB_API_KEY!, accountManagerKey: process.env.HUB_ACCOUNT_MANAGER_KEY! },
    rateLimits: uniformRateLimits(100_000),
  })
  try {
    const skus = Array.from({ length: PRODUCTS }, (_, i) => `LEAK-${String(i + 1).padStart(5, "0")}`)
    await seedStore(container, { products: skus.map((sku) => ({ sku, stocked: 10 })) })
    hub.upsertProducts(skus.map((sku) => ({ sku, qty: 10, name: `Produto ${sku}`, price: 10 })))

    const timeRuns = async () => {
      const times: number[] = []
      for (let run = 0; run < RUNS; run++) {
        const started = process.hrtime.bigint()
        const result = await reconcileCatalogue(container, container.resolve<HubModuleService>(HUB_MODULE).account("default"))
        if (!result || result.error || result.seen !== PRODUCTS) throw new Error(`a reconciliation went wrong: ${JSON.stringify(result)}`)
        times.push(Number(process.hrtime.bigint() - started) / 1e6)
      }
      return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]
    }
    await timeRuns() // warm-up: caches, the first query plans
    const without = await timeRuns()

    // A year of canceled hub orders, each found clean by an earlier check (their Medusa orders long gone
    // from this bench's database: the sweep finds nothing reserved for them, as for clean ones).
    const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
    await pg.raw(
      `insert into hub_order (id, code, channel, status_code, status_type, import_state, payload_digest, order_id, applied_status_type,
                              attempts, created_at, updated_at, leak_checked_at)
       select 'hubord_bench_' || n, 'Bench-' || n, 'Bench', 'order_canceled', 'CANCELED', 'imported', 'x', 'order_bench_' || n, 'CANCELED',
              1, now() - interval '200 days', now() - interval '200 days', now() - interval '100 days' + n * interval '1 second'
         from generate_series(1, ?) as n`,
      [CANCELED]
    )
    await pg.raw(`analyze hub_order`)
    const withHistory = await timeRuns()

    const os = require("node:os")
    console.log(`# bench/leaks — ${new Date().toISOString()}, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}; ${PRODUCTS} hub products, median of ${RUNS} reconciliations`)
    info("leaks: reconciliation, no canceled hub order", `${without.toFixed(0)} ms`)
    info(`leaks: reconciliation, ${CANCELED} canceled hub orders found clean before`, `${withHistory.toFixed(0)} ms`)
    figure(`leaks: reconciliation time with ${CANCELED} canceled hub orders / with none`, withHistory / without, { at: "<=", target: 1.1 })
  } finally {
    await hub.stop()
  }
}
