/*
 * The hub calling a store's freight quote endpoint, as the hub (legacy contract) or its partner (the
 * 2025 contract) would (docs/hub-public-facts.md, *Freight quotes*): a request in the contract's shape
 * sent to the URL given, each answer reported with its time against the hub's 800 ms.
 */
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

export type FreightCallResult = { status: number | null; ms: number; inTime: boolean; body: unknown; error?: string }

/** Sends the requests one after the other; a call past 800 ms is reported as the hub counts it: failed. */
export async function callFreight(input: FreightCall): Promise<FreightCallResult[]> {
  const call = freightCallSchema.parse(input)
  const results: FreightCallResult[] = []
  for (let i = 0; i < call.times; i++) {
    const started = performance.now()
    try {
      const response = await fetch(call.url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(freightCallBody(call)), signal: AbortSignal.timeout(10_000) })
      const text = await response.text()
      const ms = Math.round(performance.now() - started)
      let body: unknown = text
      try {
        body = JSON.parse(text)
      } catch {
        // A missing route's answer is HTML: reported as text.
      }
      results.push({ status: response.status, ms, inTime: ms <= HUB_FREIGHT_WAIT_MS, body })
    } catch (error) {
      const ms = Math.round(performance.now() - started)
      results.push({ status: null, ms, inTime: false, body: null, error: (error as Error).message })
    }
  }
  return results
}

/** The control endpoint's runs: started by POST, read by GET (the sandbox's routes answer at once). */
export class FreightCalls {
  private readonly runs = new Map<number, { call: FreightCall; results: FreightCallResult[] | null }>()
  private next = 1

  start(input: unknown): { id: number } {
    const call = freightCallSchema.parse(input)
    const id = this.next++
    const run: { call: FreightCall; results: FreightCallResult[] | null } = { call, results: null }
    this.runs.set(id, run)
    void callFreight(call).then((results) => (run.results = results))
    return { id }
  }

  list(): Array<{ id: number; url: string; contract: string; done: boolean; results: FreightCallResult[] }> {
    return [...this.runs].map(([id, run]) => ({ id, url: run.call.url, contract: run.call.contract, done: run.results !== null, results: run.results ?? [] }))
  }
}
