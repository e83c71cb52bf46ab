/*
 * The hub's warehouses (docs/hub-public-facts.md, *Stock per warehouse*: Multi-CD), as the sandbox
 * plays them: each CD by its store code, with its own stock per SKU, written by `POST
 * /stores/{code}/skus`, `PUT /stores/{code}/skus/{sku}` and `POST /stores/{code}/batch`. CD "98" is the
 * account's default, fed by /products and /variations only: never through /stores.
 *
 * What the record does not give is the sandbox's own reading, strict so the plugin's mistakes show: a
 * SKU must be one the hub holds (a product or a variation); a SKU is added by POST and changed by PUT
 * (a PUT of a SKU the CD does not hold is a 404, a POST of one it holds a 422); a batch adds or changes
 * each of its SKUs, holds each SKU once and at most MAX_BATCH of them, and is taken whole or not at all.
 */
import { z } from "zod"
import { parseOrThrow, SandboxHubError } from "./errors"
import { DEFAULT_REMOTE_STORE_ID } from "./order-builder"

/** The most SKUs one batch takes in the sandbox (the record publishes none; the plugin's default is 500). */
export const MAX_SANDBOX_STORE_BATCH = 1_000

export type SandboxStoreSku = { qty: number; cross_docking?: number }
export type SandboxStoreView = { code: string; skus: Record<string, SandboxStoreSku> }

const storeCode = z.string().trim().min(1).max(20)
const qty = z.number({ error: "must be a whole number of units" }).int("must be a whole number of units").min(0, "must not be negative")
const crossDocking = z.number({ error: "must be a whole number of days" }).int("must be a whole number of days").min(0, "must not be negative")
const skuEntry = z.strictObject({ code: z.string().trim().min(1, "must not be empty"), qty, cross_docking: crossDocking.optional() })

const postBody = z.strictObject({ sku: skuEntry })
const putBody = z.strictObject({ store_id: storeCode, sku_code: z.string().trim().min(1), sku: z.strictObject({ qty, cross_docking: crossDocking.optional() }) })
const batchBody = z.strictObject({ skus: z.array(skuEntry).min(1, "must hold at least one SKU").max(MAX_SANDBOX_STORE_BATCH, `must hold at most ${MAX_SANDBOX_STORE_BATCH} SKUs`) })
/** The control route's: the account's CDs besides "98", replacing those there were (their stock goes with them). */
export const sandboxStoresSchema = z.strictObject({ codes: z.array(storeCode).max(100) })

export class SandboxWarehouses {
  private readonly stores = new Map<string, Map<string, SandboxStoreSku>>()

  /** `holds`: whether the hub holds a product or variation of that SKU. */
  constructor(private readonly holds: (sku: string) => boolean) {}

  clear(): void {
    this.stores.clear()
  }

  /** The account's CDs, as created in the hub's panel (out of the integration's reach, docs/hub-public-facts.md). */
  setStores(input: unknown): string[] {
    const { codes } = parseOrThrow(sandboxStoresSchema, input, { status: 400, prefix: "stores" })
    if (codes.includes(DEFAULT_REMOTE_STORE_ID)) throw new SandboxHubError(400, `stores.codes: "${DEFAULT_REMOTE_STORE_ID}" is the default CD, always there`)
    this.stores.clear()
    for (const code of codes) this.stores.set(code, new Map())
    return [...this.stores.keys()]
  }

  codes(): string[] {
    return [...this.stores.keys()]
  }

  /** A CD's stock, outside the hub's interface (the control route and tests); undefined for an unknown CD. */
  view(code: string): SandboxStoreView | undefined {
    const skus = this.stores.get(code)
    return skus && { code, skus: Object.fromEntries([...skus].map(([sku, stock]) => [sku, { ...stock }])) }
  }

  /** `POST /stores/{code}/skus`: a SKU the CD does not hold yet. */
  add(code: string, body: unknown): void {
    const skus = this.store(code)
    const { sku } = parseOrThrow(postBody, body)
    this.checkHeld(sku.code, "sku.code")
    if (skus.has(sku.code)) throw new SandboxHubError(422, `sku.code: "${sku.code}" is in store ${code} already; change it with PUT /stores/${code}/skus/${sku.code}`)
    skus.set(sku.code, stockOf(sku))
  }

  /** `PUT /stores/{code}/skus/{sku}`: a SKU the CD holds; the body names the CD and the SKU again, and must agree with the path. */
  update(code: string, sku: string, body: unknown): void {
    const skus = this.store(code)
    const parsed = parseOrThrow(putBody, body)
    if (parsed.store_id !== code) throw new SandboxHubError(422, `store_id: "${parsed.store_id}" is not the store of the path (${code})`)
    if (parsed.sku_code !== sku) throw new SandboxHubError(422, `sku_code: "${parsed.sku_code}" is not the SKU of the path (${sku})`)
    if (!skus.has(sku)) throw new SandboxHubError(404, `SKU ${sku} is not in store ${code}`)
    skus.set(sku, stockOf(parsed.sku))
  }

  /** `POST /stores/{code}/batch`: each SKU added or changed; one bad entry refuses the whole batch, naming it. */
  batch(code: string, body: unknown): void {
    const skus = this.store(code)
    const parsed = parseOrThrow(batchBody, body)
    const seen = new Set<string>()
    parsed.skus.forEach((entry, index) => {
      if (seen.has(entry.code)) throw new SandboxHubError(422, `skus.${index}.code: "${entry.code}" is given twice`)
      seen.add(entry.code)
      this.checkHeld(entry.code, `skus.${index}.code`)
    })
    for (const entry of parsed.skus) skus.set(entry.code, stockOf(entry))
  }

  private store(code: string): Map<string, SandboxStoreSku> {
    if (code === DEFAULT_REMOTE_STORE_ID) {
      throw new SandboxHubError(422, `Store ${code} is the default CD: its stock comes from /products and /variations only`)
    }
    const skus = this.stores.get(code)
    if (!skus) throw new SandboxHubError(404, `Store ${code} not found`)
    return skus
  }

  private checkHeld(sku: string, field: string): void {
    if (!this.holds(sku)) throw new SandboxHubError(422, `${field}: "${sku}" is not a product of this account`)
  }
}

function stockOf(entry: { qty: number; cross_docking?: number }): SandboxStoreSku {
  return { qty: entry.qty, ...(entry.cross_docking !== undefined ? { cross_docking: entry.cross_docking } : {}) }
}
