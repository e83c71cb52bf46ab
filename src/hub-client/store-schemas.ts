/*
 * The hub's warehouses (docs/hub-public-facts.md, *Stock per warehouse*: Multi-CD), its words: every CD
 * but the default `98` takes its stock at `/stores/{store_code}`, here in batches (`POST
 * /stores/{code}/batch`, `{"skus": [{"code", "qty", "cross_docking"}]}`; the record publishes no batch
 * size). CD 98 is never written there: its stock goes with its products (`/products`, `/variations`),
 * one path per CD. The call is `stores.ts`'s (the client's wire).
 */
import { z } from "zod"

/** The default CD's store code: fed by /products and /variations only. */
export const DEFAULT_STORE_CODE = "98"

export type HubStoreSku = { code: string; qty: number; cross_docking?: number }

/** A batch as the plugin sends it: a CD other than the default, and at least one SKU's quantity. */
export const storeBatchSchema = z.strictObject({
  store: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .refine((code) => code !== DEFAULT_STORE_CODE, `${DEFAULT_STORE_CODE} is the default CD: its stock goes with its products`),
  skus: z
    .array(z.strictObject({ code: z.string().min(1), qty: z.number().int().min(0), cross_docking: z.number().int().min(0).optional() }))
    .min(1, "must hold at least one SKU"),
})
