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
    const hub = container.resolve<HubModuleService>(HUB_MODULE)
    // The row as stored, not as parsed: a row an older version wrote comes back unchanged.
    const [before] = await hub.listHubFieldMappings({ account }, { select: ["mapping"], take: 1 })
    const products = await hub.account(account).records.saveFieldMapping(mapping)
    return new StepResponse(products, { account, previous: (before?.mapping ?? null) as HubFieldMapping | null })
  },
  async (before, { container }) => {
    if (!before) return
    const hub = container.resolve<HubModuleService>(HUB_MODULE)
    if (before.previous) return void (await hub.account(before.account).records.saveFieldMapping(before.previous))
    const rows = await hub.listHubFieldMappings({ account: before.account }, { select: ["id"] })
    if (rows.length) await hub.deleteHubFieldMappings(rows.map((row) => row.id))
  }
)
