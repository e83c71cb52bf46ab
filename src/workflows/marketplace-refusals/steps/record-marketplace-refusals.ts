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
    const added = await container.resolve<HubModuleService>(HUB_MODULE).account(account).records.marketplaceRefusals.record(entity, errors, new Date(seenAt))
    return new StepResponse(added, { account, entity, added })
  },
  async (undo, { container }) => {
    if (undo?.added.length) await container.resolve<HubModuleService>(HUB_MODULE).account(undo.account).records.marketplaceRefusals.forgetAdded(undo.entity, undo.added)
  }
)
