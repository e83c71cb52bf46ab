import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { WantedStock } from "../../../modules/hub/models/hub-stock-change"
import { loadHubProductFields, type StockSelector } from "../../../queries/hub-product-fields"

/** The fields the hub should hold (qty and the synced `catalogueFields`) of every SKU the selector reaches. Reads only. */
export const computeHubProductFieldsStep = createStep(
  "compute-hub-product-fields",
  async (selector: StockSelector, { container }) => {
    const bySku = await loadHubProductFields(container, selector)
    return new StepResponse<WantedStock[]>([...bySku.values()])
  }
)
