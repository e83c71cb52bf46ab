import { MedusaContainer } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { HubProduct, isHubError } from "../../../hub-client"
import { HUB_MODULE } from "../../../modules/hub"
import type HubModuleService from "../../../modules/hub/service"
import { loadAvailableQuantities } from "../load-available-quantities"
import { stockChangeRecorder } from "../stock-change-recorder"
import { stockFlusher } from "../stock-flusher"

/** The hub's page size: products are compared a page at a time, so memory stays flat. */
const PAGE_SIZE = 100

export type StockReconciliationResult = {
  id: string
  seen: number
  differing: number
  unknown: number
  /** Why the walk ended early: the products it did not see were left untouched. */
  error: string | null
}

/**
 * Walks every hub product with the `next` cursor and, page by page, queues each SKU whose hub
 * qty differs from Medusa's available quantity (zeros included) in the outbox, credited to this
 * reconciliation. Only products actually read are compared: a walk cut short (hub unavailable,
 * a 429 outlasting the retries) changes nothing for the rest. Hub products with no Medusa SKU are
 * counted as unknown and left alone.
 */
export const walkHubProductsStep = createStep(
  "hub-walk-hub-products",
  async (input: { reconciliationId: string }, { container }) => {
    const hub: HubModuleService = container.resolve(HUB_MODULE)
    const result: StockReconciliationResult = { id: input.reconciliationId, seen: 0, differing: 0, unknown: 0, error: null }
    let page: HubProduct[] = []
    try {
      for await (const hubProduct of hub.client.allProducts()) {
        page.push(hubProduct)
        if (page.length === PAGE_SIZE) {
          await comparePage(container, hub, page, result)
          page = []
        }
      }
    } catch (error) {
      if (!isHubError(error)) throw error
      result.error = error.message
    }
    await comparePage(container, hub, page, result)
    await hub.updateHubStockReconciliations({ id: result.id, finished_at: new Date(), error: result.error })
    return new StepResponse(result)
  }
)

async function comparePage(
  container: MedusaContainer,
  hub: HubModuleService,
  page: HubProduct[],
  result: StockReconciliationResult
): Promise<void> {
  if (!page.length) return
  const available = await loadAvailableQuantities(container, { skus: page.map((hubProduct) => hubProduct.sku) })
  const differing = page.filter((hubProduct) => available.has(hubProduct.sku) && available.get(hubProduct.sku) !== hubProduct.qty)
  const unknown = page.filter((hubProduct) => !available.has(hubProduct.sku)).length
  // Recorded like any stock change: computed again, in turn with the events' batches, so this
  // reading cannot overwrite a newer one.
  if (differing.length) {
    await stockChangeRecorder(container).record({ skus: differing.map((hubProduct) => hubProduct.sku), reconciliationId: result.id })
  }
  await hub.countStockReconciliation(result.id, { seen: page.length, differing: differing.length, unknown })
  result.seen += page.length
  result.differing += differing.length
  result.unknown += unknown
  // Pushes start while the walk goes on; they use another rate-limit bucket than the listing.
  if (differing.length) stockFlusher(container).request()
}
