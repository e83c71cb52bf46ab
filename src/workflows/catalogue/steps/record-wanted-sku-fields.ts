import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { HUB_MODULE } from "../../../modules/hub"
import type { HubProductField } from "../../../mapping/hub-product"
import type { WantedSkuFields } from "../../../modules/hub/models/hub-catalogue-change"
import type HubModuleService from "../../../modules/hub/service"

/**
 * Writes the wanted fields to the outbox. No compensation: a row only ever says what the
 * hub should hold now, so keeping it after a later failure is right.
 */
export const recordWantedSkuFieldsStep = createStep(
  "record-wanted-hub-sku-fields",
  async (input: { wanted: WantedSkuFields[]; reconciliationId?: string; drifted?: Record<string, HubProductField[]> }, { container }) => {
    const hub: HubModuleService = container.resolve(HUB_MODULE)
    const wanted = input.wanted.map((entry) => ({ ...entry, drifted: input.drifted?.[entry.sku] }))
    const queued = await hub.recordWantedSkuFields(wanted, { reconciliationId: input.reconciliationId })
    return new StepResponse({ queued })
  }
)
