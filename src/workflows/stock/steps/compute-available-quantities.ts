import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { WantedStock } from "../../../modules/hub/models/hub-stock-change"
import { loadAvailableQuantities, type StockSelector } from "../../../queries/available-quantities"

/** Medusa's available quantity of every SKU the selector reaches. Reads only. */
export const computeAvailableQuantitiesStep = createStep(
  "hub-compute-available-quantities",
  async (selector: StockSelector, { container }) => {
    const bySku = await loadAvailableQuantities(container, selector)
    const wanted: WantedStock[] = [...bySku].map(([sku, availableQuantity]) => ({ sku, availableQuantity }))
    return new StepResponse(wanted)
  }
)
