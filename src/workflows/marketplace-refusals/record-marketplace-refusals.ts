import { createHook, createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { glossaryKey, type SyncErrorEntity } from "../../hub-client"
import { HubEvents } from "../../modules/hub/events"
import type { ListedSyncError } from "../../modules/hub/types"
import { type MarketplaceRefusalsPage, recordMarketplaceRefusalsStep } from "./steps/record-marketplace-refusals"

export const recordMarketplaceRefusalsWorkflowId = "record-hub-marketplace-refusals"

/** HubEvents.MARKETPLACE_REFUSED's data: one error of the hub's, and the SKUs or order codes a page of the read found newly refused with it. */
export type MarketplaceRefusal = {
  account: string
  entity: SyncErrorEntity
  entity_ids: string[]
  error_category_code: string
  error_code: string
  message: string | null
  name: string | null
  solution: string | null
}

/**
 * A page of what the marketplaces refused, read from an account's hub (src/sync/sync-errors.ts, the
 * schedule or *Read now*): recorded, and its new refusals told, one `hub-marketplace.refused` per
 * error code naming their SKUs or codes (a catalogue refused whole is a few notices, not thousands).
 * Answers the refusals it added. Hook `marketplaceRefusalsRecorded` ({ account, entity, added }).
 */
export const recordMarketplaceRefusalsWorkflow = createWorkflow(recordMarketplaceRefusalsWorkflowId, (page: MarketplaceRefusalsPage) => {
  const added = recordMarketplaceRefusalsStep(page)
  const refusals = transform({ page, added }, ({ page, added }) => byErrorCode(page.account, page.entity, added))
  when({ refusals }, ({ refusals }) => refusals.length > 0).then(() => {
    emitEventStep({ eventName: HubEvents.MARKETPLACE_REFUSED, data: refusals }).config({ name: "emit-marketplace-refused" })
  })
  const recorded = createHook("marketplaceRefusalsRecorded", { account: page.account, entity: page.entity, added })
  return new WorkflowResponse(added, { hooks: [recorded] })
})

function byErrorCode(account: string, entity: SyncErrorEntity, added: ListedSyncError[]): MarketplaceRefusal[] {
  const byCode = new Map<string, MarketplaceRefusal>()
  for (const error of added) {
    const key = glossaryKey(error.errorCategoryCode, error.errorCode)
    const refusal = byCode.get(key) ?? { account, entity, entity_ids: [], error_category_code: error.errorCategoryCode, error_code: error.errorCode, message: error.message, name: error.name, solution: error.solution }
    refusal.entity_ids.push(error.entityId)
    byCode.set(key, refusal)
  }
  return [...byCode.values()]
}
