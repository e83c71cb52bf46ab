import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { rateLimitOf, DEFAULT_RATE_LIMITS } from "../../../hub-client"
import { HUB_MODULE } from "../../../modules/hub"
import type HubModuleService from "../../../modules/hub/service"

/**
 * Claims the account's due outbox rows for this flush: two windows' worth of its hub's PUT /products
 * limit, so the client always has the next request queued while none waits long enough on the
 * limiter to outlive its claim. If a later step fails, the claims are given back.
 */
export const claimCatalogueChangesStep = createStep(
  "claim-hub-catalogue-changes",
  async (input: { account: string }, { container }) => {
    const hub: HubModuleService = container.resolve(HUB_MODULE)
    const { id: account, options } = hub.account(input.account)
    const { limit } = rateLimitOf("PUT /products", { ...DEFAULT_RATE_LIMITS, ...options.rateLimits })
    const claimed = await hub.account(account).records.claimCatalogueChanges(Math.max(1, 2 * limit))
    return new StepResponse({ account, claimed }, claimed[0]?.claimToken)
  },
  async (claimToken, { container }) => {
    if (!claimToken) return
    const hub: HubModuleService = container.resolve(HUB_MODULE)
    await hub.releaseCatalogueClaims(claimToken)
  }
)
