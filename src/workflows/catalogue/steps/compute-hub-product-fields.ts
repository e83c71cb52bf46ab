import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { WantedSkuFields } from "../../../modules/hub/models/hub-catalogue-change"
import { loadHubProductFields, type CatalogueSelector } from "../../../queries/hub-product-fields"

/** The fields the hub should hold (qty and the synced `catalogueFields`) of every SKU the selector reaches. Reads only. */
export const computeHubProductFieldsStep = createStep(
  "compute-hub-product-fields",
  async (selector: CatalogueSelector, { container }) => {
    const bySku = await loadHubProductFields(container, selector)
    return new StepResponse<WantedSkuFields[]>([...bySku.values()])
  }
)
