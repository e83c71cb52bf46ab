import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { loadAvailableQuantities } from "../../../queries/available-quantities"

/** Hub products as a reconciliation reads them: the SKU and the qty the hub holds. */
export type HubStockPage = { reconciliationId: string; hubProducts: Array<{ sku: string; qty: number }> }

export type HubStockComparison = {
  /** SKUs whose hub qty differs from Medusa's available quantity (zeros included). */
  differingSkus: string[]
  seen: number
  differing: number
  /** Hub products with no Medusa variant of that SKU: left alone. */
  unknown: number
}

/** Compares a page of hub products with Medusa's available quantities. Reads only. */
export const compareHubStockStep = createStep("hub-compare-hub-stock", async ({ hubProducts }: HubStockPage, { container }) => {
  const available = await loadAvailableQuantities(container, { skus: hubProducts.map((hubProduct) => hubProduct.sku) })
  const differingSkus = hubProducts
    .filter((hubProduct) => available.has(hubProduct.sku) && available.get(hubProduct.sku) !== hubProduct.qty)
    .map((hubProduct) => hubProduct.sku)
  const unknown = hubProducts.filter((hubProduct) => !available.has(hubProduct.sku)).length
  return new StepResponse<HubStockComparison>({ differingSkus, seen: hubProducts.length, differing: differingSkus.length, unknown })
})
