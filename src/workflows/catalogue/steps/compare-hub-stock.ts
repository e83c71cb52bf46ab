import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { driftedFields, type HubProductField } from "../../../mapping/hub-product"
import { HUB_MODULE } from "../../../modules/hub"
import type { WantedSkuFields } from "../../../modules/hub/types"
import type HubModuleService from "../../../modules/hub/service"
import { loadHubProductFields } from "../../../queries/hub-product-fields"

/** A SKU as a reconciliation reads it on the hub: its qty and whichever catalogue fields the listing shows. */
export type ListedHubSku = { sku: string; qty: number; price?: number | null; promotional_price?: number | null; status?: "enabled" | "disabled" }
/** A page of one account's hub products, read by that account's reconciliation. */
export type HubStockPage = { account: string; reconciliationId: string; hubProducts: ListedHubSku[] }

export type HubStockComparison = {
  /** The fields whose hub value differs from Medusa's (zeros included), by SKU. */
  drifted: Record<string, HubProductField[]>
  seen: number
  differing: number
  /** Differing SKUs per field. */
  differingFields: Partial<Record<HubProductField, number>>
  /** Hub products with no Medusa variant of that SKU, and never pushed by this store: left alone. */
  unknown: number
  /** The store's SKUs whose every field the hub holds already (remembered, so a later delete finds them). */
  inSync: WantedSkuFields[]
}

/**
 * Compares a page of an account's hub products with the fields Medusa says they should hold there
 * (qty over its channel's locations and its synced `catalogueFields`). Reads only.
 */
export const compareHubStockStep = createStep("compare-hub-stock", async ({ account, hubProducts }: HubStockPage, { container }) => {
  const { options } = container.resolve<HubModuleService>(HUB_MODULE).account(account)
  const wanted = await loadHubProductFields(container, { skus: hubProducts.map((hubProduct) => hubProduct.sku) }, options)
  const drifted: Record<string, HubProductField[]> = {}
  const differingFields: Partial<Record<HubProductField, number>> = {}
  const inSync: WantedSkuFields[] = []
  for (const hubProduct of hubProducts) {
    const reading = wanted.get(hubProduct.sku)
    const differing = reading ? driftedFields(hubProduct, reading.fields) : []
    if (reading?.variantId && !differing.length) inSync.push(reading)
    if (!differing.length) continue
    drifted[hubProduct.sku] = differing
    for (const field of differing) differingFields[field] = (differingFields[field] ?? 0) + 1
  }
  const unknown = hubProducts.filter((hubProduct) => !wanted.has(hubProduct.sku)).length
  return new StepResponse<HubStockComparison>({ drifted, seen: hubProducts.length, differing: Object.keys(drifted).length, differingFields, unknown, inSync })
})
