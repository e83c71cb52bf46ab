/*
 * The hub's warehouses (docs/hub-public-facts.md, *Stock per warehouse*: Multi-CD): every CD but the
 * default `98` takes its stock at `/stores/{store_code}`, here in batches (`POST /stores/{code}/batch`,
 * `{"skus": [{"code", "qty", "cross_docking"}]}`; the record publishes no batch size). A batch sets
 * each SKU's quantity as it is, so the same batch sent twice leaves the CD as once. CD 98 is never
 * written here: its stock goes with its products (`/products`, `/variations`), one path per CD.
 */
import { z } from "zod"
import { describeIssues, HubInvalidRequestError } from "./errors"
import type { HubTransport } from "./transport"

/** The default CD's store code: fed by /products and /variations only. */
export const DEFAULT_STORE_CODE = "98"

export type HubStoreSku = { code: string; qty: number; cross_docking?: number }

const endpoint = "POST /stores/{code}/batch"

const batchSchema = z.strictObject({
  store: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .refine((code) => code !== DEFAULT_STORE_CODE, `${DEFAULT_STORE_CODE} is the default CD: its stock goes with its products`),
  skus: z
    .array(z.strictObject({ code: z.string().min(1), qty: z.number().int().min(0), cross_docking: z.number().int().min(0).optional() }))
    .min(1, "must hold at least one SKU"),
})

export class HubStores {
  constructor(private readonly transport: HubTransport) {}

  /** Sets the quantity of each SKU at CD `store` (204); a 404 is a CD the hub does not have, a 422 names the entry it refused. */
  async batch(store: string, skus: HubStoreSku[]): Promise<void> {
    const parsed = batchSchema.safeParse({ store, skus })
    if (!parsed.success) throw new HubInvalidRequestError(endpoint, describeIssues(parsed.error.issues))
    await this.transport.send({
      method: "POST",
      path: `/stores/${encodeURIComponent(parsed.data.store)}/batch`,
      endpoint,
      body: { skus: parsed.data.skus },
      response: null,
      // A refused batch is forgotten once any write to the CD succeeds.
      resource: `stores/${parsed.data.store}`,
    })
  }
}
