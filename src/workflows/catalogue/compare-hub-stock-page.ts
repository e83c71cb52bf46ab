import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { compareHubStockStep, type HubStockPage } from "./steps/compare-hub-stock"
import { countCatalogueReconciliationStep } from "./steps/count-catalogue-reconciliation"
import { rememberHubProductsStep } from "./steps/remember-hub-products"

export const compareHubStockPageWorkflowId = "compare-hub-stock-page"

/**
 * One page of an account's reconciliation: each of its hub products' synced fields (qty and `catalogueFields`) against
 * Medusa's, counted per field on the reconciliation. The walk (src/sync/catalogue/catalogue-reconciliation.ts) queues the
 * differing SKUs in the outbox, where they are computed again in turn with every other change.
 */
export const compareHubStockPageWorkflow = createWorkflow(compareHubStockPageWorkflowId, (input: HubStockPage) => {
  const comparison = compareHubStockStep(input)
  rememberHubProductsStep(transform({ input, comparison }, ({ input, comparison }) => ({ account: input.account, inSync: comparison.inSync })))
  countCatalogueReconciliationStep(
    transform({ input, comparison }, ({ input, comparison }) => ({
      reconciliationId: input.reconciliationId,
      seen: comparison.seen,
      differing: comparison.differing,
      differingFields: comparison.differingFields,
      unknown: comparison.unknown,
    }))
  )
  return new WorkflowResponse(comparison)
})
