import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { HubFieldMapping } from "../../../mapping/hub-field-mapping"
import { HUB_MODULE } from "../../../modules/hub"
import type HubModuleService from "../../../modules/hub/service"

export type SaveHubFieldMappingInput = { account: string; mapping: HubFieldMapping }

/**
 * Saves an account's mapping of hub fields and makes every product its publication holds due (one
 * transaction); answers how many. Compensation puts back the row as it was (none: the options' mapping
 * again); the products made due stay due: their push sends only what differs from what the hub holds.
 */
export const saveHubFieldMappingStep = createStep(
  "save-hub-field-mapping",
  async ({ account, mapping }: SaveHubFieldMappingInput, { container }) => {
    // The mapping replaced as stored, not as parsed: a row an older version wrote comes back unchanged.
    const { products, previous } = await container.resolve<HubModuleService>(HUB_MODULE).account(account).records.settings.saveFieldMapping(mapping)
    return new StepResponse(products, { account, previous: previous as HubFieldMapping | null })
  },
  async (before, { container }) => {
    if (!before) return
    await container.resolve<HubModuleService>(HUB_MODULE).account(before.account).records.settings.saveFieldMapping(before.previous)
  }
)
