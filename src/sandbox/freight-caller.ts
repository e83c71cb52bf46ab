/*
 * The hub calling a store's freight quote endpoint, as the hub (legacy contract) or its partner (the
 * 2025 contract) would (docs/hub-public-facts.md, *Freight quotes*): a request in the contract's shape
 * sent to the URL given, each answer reported with its time against the hub's 800 ms.
 */
import http from "node:http"
import https from "node:https"
import { monitorEventLoopDelay } from "node:perf_hooks"
import { z } from "zod"

/** The hub waits this long, then uses the merchant's contingency table. */
export const HUB_FREIGHT_WAIT_MS = 800

export const freightCallSchema = z.strictObject({
  url: z.url({ error: "url must be the store's quote URL (http or https)" }),
  contract: z.enum(["legacy", "partner"], { error: "contract must be legacy or partner" }),
  cep: z.string().regex(/^\d{5}-?\d{3}$/, "cep must be a CEP of 8 digits"),
  items: z
    .array(
      z.strictObject({
        sku: z.string().min(1, "items.sku must not be empty"),
        quantity: z.number().int().min(1).default(1),
        price: z.number().min(0).default(100),
        weightKg: z.number().min(0).default(1),
        heightM: z.number().min(0).default(0.1),
        widthM: z.number().min(0).default(0.1),
        lengthM: z.number().min(0).default(0.1),
      })
    )
    .min(1, "items must hold at least one item"),
  /** How many requests, one after the other. */
  times: z.number().int().min(1).max(1000).default(1),
  /** How many callers at once, each its own run of `times` requests (started together: one control request for all). */
  callers: z.number().int().min(1).max(500).default(1),
  /** Sent as is instead of the contract's body (a bad one, to see how the store refuses it). */
  body: z.string().max(100_000).optional(),
})
export type FreightCall = z.input<typeof freightCallSchema>

/** The request's body in the contract's shape. */
export function freightCallBody(call: z.infer<typeof freightCallSchema>): unknown {
  const cep = call.cep.replace("-", "")
  if (call.contract === "legacy") {
    return {
      destinationZip: Number(cep),
      volumes: call.items.map((item) => ({ sku: item.sku, quantity: item.quantity, price: item.price, height: item.heightM, length: item.lengthM, width: item.widthM, weight: item.weightKg })),
    }
  }
  return {
    originZipCode: "",
    destinationZipCode: cep,
    products: call.items.map((item) => ({ skuId: item.sku, sellerTenant: "sandbox", category: "", weight: item.weightKg, width: item.widthM, height: item.heightM, length: item.lengthM, quantity: item.quantity, cost: item.price })),
  }
}

/**
 * `sentAt`: when the request was sent, in milliseconds of the machine's monotonic clock (the same in
 * every process: Linux's CLOCK_MONOTONIC), also sent as the `x-sandbox-sent-at` header, so a store
 * measured on the same machine can split a caller's time into its own parts; `connectedAt`, when the
 * request opened its connection, when the connection was made (the kernel's handshake: the store's
 * process need not have accepted it yet).
 */
export type FreightCallResult = { status: number | null; ms: number; inTime: boolean; body: unknown; sentAt: number; connectedAt?: number; error?: string }

/** Milliseconds of the machine's monotonic clock. */
export const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6

/** One request: its status and text, or the error (a timeout after 10 s). */
function post(url: URL, agent: http.Agent, body: string, sentAt: number): Promise<{ status: number; text: string; connectedAt?: number }> {
  let connectedAt: number | undefined
  return new Promise((resolve, reject) => {
    const request = (url.protocol === "https:" ? https : http).request(
      url,
      { method: "POST", agent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), "x-sandbox-sent-at": sentAt.toFixed(3) }, signal: AbortSignal.timeout(10_000) },
      (response) => {
        let text = ""
        response.setEncoding("utf8")
        response.on("data", (chunk: string) => (text += chunk))
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text, connectedAt }))
        response.on("error", reject)
      }
    )
    request.on("socket", (socket) => socket.connecting && socket.once("connect", () => (connectedAt = monotonicMs())))
    request.on("error", reject)
    request.end(body)
  })
}

/**
 * Sends the requests one after the other, on one connection of its own (opened with the first, kept
 * for the rest, as a caller of the hub's keeps it); a call past 800 ms is reported as the hub counts
 * it: failed. Node's http client rather than fetch: on the store's own machine (a bench) the caller's
 * CPU is taken from the store's, and fetch spends about five times as much per request (1.7 ms
 * against 0.3, measured on 2 cores).
 */
export async function callFreight(input: FreightCall): Promise<FreightCallResult[]> {
  const call = freightCallSchema.parse(input)
  const url = new URL(call.url)
  const agent = new (url.protocol === "https:" ? https.Agent : http.Agent)({ keepAlive: true, maxSockets: 1 })
  const body = call.body ?? JSON.stringify(freightCallBody(call))
  const results: FreightCallResult[] = []
  try {
    for (let i = 0; i < call.times; i++) {
      const started = performance.now()
      const sentAt = monotonicMs()
      try {
        const { status, text, connectedAt } = await post(url, agent, body, sentAt)
        const ms = Math.round(performance.now() - started)
        let answer: unknown = text
        try {
          answer = JSON.parse(text)
        } catch {
          // A missing route's answer is HTML: reported as text.
        }
        results.push({ status, ms, inTime: ms <= HUB_FREIGHT_WAIT_MS, body: answer, sentAt, ...(connectedAt === undefined ? {} : { connectedAt }) })
      } catch (error) {
        const ms = Math.round(performance.now() - started)
        results.push({ status: null, ms, inTime: false, body: null, sentAt, error: (error as Error).message })
      }
    }
  } finally {
    agent.destroy()
  }
  return results
}

/** The control endpoint's runs: started by POST, read by GET (the sandbox's routes answer at once). */
export class FreightCalls {
  private readonly runs = new Map<number, { call: FreightCall; results: FreightCallResult[] | null }>()
  private next = 1
  /** The caller's own load (its CPU and its event loop's delay) since the last `load({ reset: true })`: on one machine, the store's callers share its cores. */
  private loop: ReturnType<typeof monitorEventLoopDelay> | null = null
  private cpu = process.cpuUsage()
  private since = performance.now()

  /** `callers` runs of the call, started together; the first run's id and all of them. */
  start(input: unknown): { id: number; ids: number[] } {
    const call = freightCallSchema.parse(input)
    if (!this.loop) {
      this.loop = monitorEventLoopDelay({ resolution: 10 })
      this.loop.enable()
    }
    const ids = Array.from({ length: call.callers }, () => {
      const id = this.next++
      const run: { call: FreightCall; results: FreightCallResult[] | null } = { call, results: null }
      this.runs.set(id, run)
      void callFreight(call).then((results) => (run.results = results))
      return id
    })
    return { id: ids[0], ids }
  }

  /** This process's CPU milliseconds and its event loop's delay (p99, max; null before any run) since the last reset. */
  load({ reset = false }: { reset?: boolean } = {}): { ms: number; cpuMs: number; loopP99Ms: number | null; loopMaxMs: number | null } {
    const used = process.cpuUsage(this.cpu)
    const answer = {
      ms: performance.now() - this.since,
      cpuMs: (used.user + used.system) / 1000,
      loopP99Ms: this.loop ? this.loop.percentile(99) / 1e6 : null,
      loopMaxMs: this.loop ? this.loop.max / 1e6 : null,
    }
    if (reset) {
      this.cpu = process.cpuUsage()
      this.since = performance.now()
      this.loop?.reset()
    }
    return answer
  }

  /** The runs after run `after`; without their results when `results` is false (a poll for what is done costs the poller nothing). */
  list({ after = 0, results = true }: { after?: number; results?: boolean } = {}): Array<{ id: number; url: string; contract: string; done: boolean; results?: FreightCallResult[] }> {
    return [...this.runs]
      .filter(([id]) => id > after)
      .map(([id, run]) => ({ id, url: run.call.url, contract: run.call.contract, done: run.results !== null, ...(results ? { results: run.results ?? [] } : {}) }))
  }
}
