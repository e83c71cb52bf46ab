import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { HUB_MODULE } from "../../../modules/hub"
import type { HubProductField } from "../../../mapping/hub-product"
import type HubModuleService from "../../../modules/hub/service"
import type { AccountWantedSkuFields } from "./compute-hub-product-fields"

/**
 * Writes the wanted fields to each account's outbox rows (its other warehouses' qty to theirs). No compensation: a row only ever says what
 * the hub should hold now, so keeping it after a later failure is right. Answers how many SKUs were
 * queued, and the accounts that queued any (their flushers have work).
 */
export const recordWantedSkuFieldsStep = createStep(
  "record-wanted-hub-sku-fields",
  async (input: { readings: AccountWantedSkuFields[]; reconciliationId?: string; drifted?: Record<string, HubProductField[]> }, { container }) => {
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    const queuedByAccount = await Promise.all(
      input.readings.map(async ({ account, wanted, warehouses = [] }) => {
        const withDrift = wanted.map((entry) => ({ ...entry, drifted: input.drifted?.[entry.sku] }))
        const { records } = hubModule.account(account)
        // Each other warehouse's rows beside the default's: one outbox, a row per warehouse and SKU.
        const [queued, ...atWarehouses] = await Promise.all([
          records.recordWantedSkuFields(withDrift, { reconciliationId: input.reconciliationId }),
          ...warehouses.map(({ code, wanted: stock }) => records.recordWarehouseStock(code, stock)),
        ])
        return { account, queued: queued + atWarehouses.reduce((sum, count) => sum + count, 0) }
      })
    )
    return new StepResponse({
      queued: queuedByAccount.reduce((sum, { queued }) => sum + queued, 0),
      accounts: queuedByAccount.filter(({ queued }) => queued > 0).map(({ account }) => account),
    })
  }
)
