import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { HubProductField } from "../../../mapping/hub-product"
import { HUB_MODULE } from "../../../modules/hub"
import type HubModuleService from "../../../modules/hub/service"

/**
 * Adds a page's counts to its reconciliation, so a walk that dies keeps what it did. No compensation:
 * the counts say what was compared, which stays true whatever fails after.
 */
export const countCatalogueReconciliationStep = createStep(
  "count-hub-catalogue-reconciliation",
  async (
    input: { reconciliationId: string; seen: number; differing: number; unknown: number; differingFields: Partial<Record<HubProductField, number>> },
    { container }
  ) => {
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    await hubModule.countCatalogueReconciliation(input.reconciliationId, input)
    return new StepResponse(undefined)
  }
)
