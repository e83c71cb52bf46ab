/*
 * bench/two-workers: two worker processes flushing one backlog of stock pushes through the hub
 * client, sharing one request budget in Redis (rateLimitRedisUrl), at a configured limit equal to the
 * hub's (issue 10). Each worker takes SKUs from one Redis list (the shared backlog) with several
 * pushes in flight, as the catalogue flusher does; the sandbox hub in its own process counts.
 *
 *   npm run bench:two-workers [-- --quick]
 *
 * BENCH_SKUS pushes (2,000; --quick 400) at BENCH_PUT_LIMIT PUTs/s (40). Redis: REDIS_URL
 * (redis://127.0.0.1:6379); the keys get a prefix of their own and are deleted afterwards.
 * Prints 429 answers (goal 0) and the achieved rate / limit while the backlog drains (goal >= 0.90):
 * PUTs per hub counting window, over the full windows between the first PUT and the last.
 */
import { fork } from "node:child_process"
import Redis from "ioredis"
import { HubClient } from "../src/hub-client"
import { figure } from "./lib/figures"
import { byStatus, control, requestLog, runBench, startSandbox } from "./lib/store"

const QUICK = process.argv.includes("--quick")
const SKUS = Number(process.env.BENCH_SKUS ?? (QUICK ? 400 : 2_000))
const PUT_LIMIT = Number(process.env.BENCH_PUT_LIMIT ?? 40)
const WORKERS = 2
/** Pushes in flight per worker: more than the limit lets through, so the budget is what paces them. */
const IN_FLIGHT = 8
const WINDOW_MS = 1000
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379"

type WorkerSetup = { hubEnv: Record<string, string>; prefix: string; backlogKey: string }

async function main() {
  const sandbox = await startSandbox(["--rate-limit", `PUT /products=${PUT_LIMIT}/${WINDOW_MS}`])
  const redis = new Redis(REDIS_URL)
  const prefix = `medusa-plugin-hub:bench:${process.pid}:${Date.now()}`
  const backlogKey = `${prefix}:backlog`
  try {
    const skus = Array.from({ length: SKUS }, (_, index) => `W-${String(index + 1).padStart(5, "0")}`)
    await control(sandbox, "POST", "/products", skus.map((sku) => ({ sku, qty: 0 })))
    await redis.rpush(backlogKey, ...skus)
    await control(sandbox, "DELETE", "/requests")

    const setup: WorkerSetup = { hubEnv: sandbox.env, prefix, backlogKey }
    const exits = Array.from({ length: WORKERS }, () => {
      const child = fork(__filename, ["--worker"], { execArgv: ["-r", "ts-node/register"], env: { ...process.env, BENCH_WORKER: JSON.stringify(setup) } })
      return new Promise<void>((resolve, reject) => child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`a worker exited with ${code}`)))))
    })
    await Promise.all(exits)

    const puts = (await requestLog(sandbox)).filter((entry) => entry.method === "PUT")
    const rateLimited = puts.filter((entry) => entry.status === 429).length
    // The hub's own view: PUTs per counting window, over the full windows between the first and the last.
    const windowOf = (at: number) => Math.floor(at / WINDOW_MS)
    const first = windowOf(puts[0]?.at ?? 0)
    const last = windowOf(puts.at(-1)?.at ?? 0)
    const fullWindows = Math.max(0, last - first - 1)
    const inFullWindows = puts.filter((entry) => windowOf(entry.at) > first && windowOf(entry.at) < last).length
    const rate = fullWindows > 0 ? inFullWindows / fullWindows / (WINDOW_MS / 1000) : 0
    const busiest = Math.max(0, ...countPerWindow(puts.map((entry) => windowOf(entry.at))))
    console.log(`# bench/two-workers — ${new Date().toISOString()}, ${require("node:os").cpus().length} CPUs, load ${require("node:os").loadavg()[0].toFixed(1)}; ${WORKERS} worker processes, one Redis budget, ${SKUS} pushes at a PUT limit of ${PUT_LIMIT}/s on both sides`)
    figure("two workers: 429 answers", rateLimited, { at: "<=", target: 0 }, { digits: 0, detail: byStatus(puts) })
    figure("two workers: achieved rate / limit", rate / PUT_LIMIT, { at: ">=", target: 0.9 }, {
      detail: `${inFullWindows} PUTs in ${fullWindows} full windows of ${WINDOW_MS} ms; busiest window ${busiest}`,
    })
  } finally {
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length) await redis.del(...keys)
    redis.disconnect()
    sandbox.child.kill("SIGTERM")
  }
}

/** One worker: its own hub client on the shared budget, IN_FLIGHT pushes at a time until the backlog is empty. */
async function worker() {
  const { hubEnv, prefix, backlogKey }: WorkerSetup = JSON.parse(process.env.BENCH_WORKER!)
  const redis = new Redis(REDIS_URL)
  const client = new HubClient({
    baseUrl: hubEnv.HUB_BASE_URL,
    userEmail: hubEnv.HUB_USER_EMAIL,
    apiKey: hubEnv.HUB_API_KEY,
    accountManagerKey: hubEnv.HUB_ACCOUNT_MANAGER_KEY,
    rateLimits: { "PUT /products": { limit: PUT_LIMIT, windowMs: WINDOW_MS } },
    // BENCH_SHARED_BUDGET=false: each worker on its own budget, to see what the shared one prevents.
    rateLimitRedisUrl: process.env.BENCH_SHARED_BUDGET === "false" ? undefined : REDIS_URL,
    rateLimitRedisPrefix: prefix,
  })
  try {
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async (_, lane) => {
        for (let sku = await redis.lpop(backlogKey); sku; sku = await redis.lpop(backlogKey)) {
          await client.updateProduct(sku, { qty: 1 + lane })
        }
      })
    )
  } finally {
    await client.close()
    redis.disconnect()
  }
}

function countPerWindow(windows: number[]): number[] {
  const counts = new Map<number, number>()
  for (const window of windows) counts.set(window, (counts.get(window) ?? 0) + 1)
  return [...counts.values()]
}

runBench(process.argv.includes("--worker") ? worker : main)
