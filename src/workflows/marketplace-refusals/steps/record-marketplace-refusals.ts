import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { HUB_MODULE } from "../../../modules/hub"
import type { ListedSyncError } from "../../../modules/hub/types"
import type HubModuleService from "../../../modules/hub/service"

/** A page of one account's marketplace refusals as the hub listed it; `seenAt` (ISO): when the read began. */
export type MarketplaceRefusalsPage = { account: string; entity: "products" | "orders"; errors: ListedSyncError[]; seenAt: string }

/**
 * Records the page (one statement) and answers the refusals it added. Compensation removes those
 * (the next read lists them again); those it only saw again keep their row.
 */
export const recordMarketplaceRefusalsStep = createStep(
  "record-hub-marketplace-refusals",
  async ({ account, entity, errors, seenAt }: MarketplaceRefusalsPage, { container }) => {
    const added = await container.resolve<HubModuleService>(HUB_MODULE).account(account).records.recordSyncErrors(entity, errors, new Date(seenAt))
    return new StepResponse(added, { account, entity, added })
  },
  async (undo, { container }) => {
    if (!undo?.added.length) return
    const hub = container.resolve<HubModuleService>(HUB_MODULE)
    const rows = await hub.listHubSyncErrors(
      { account: undo.account, entity: undo.entity, entity_id: [...new Set(undo.added.map((error) => error.entityId))] },
      { select: ["id", "entity_id", "error_category_code", "error_code"] }
    )
    const added = new Set(undo.added.map((error) => `${error.entityId}\u0000${error.errorCategoryCode}\u0000${error.errorCode}`))
    const ids = rows.filter((row) => added.has(`${row.entity_id}\u0000${row.error_category_code}\u0000${row.error_code}`)).map((row) => row.id)
    if (ids.length) await hub.deleteHubSyncErrors(ids)
  }
)
