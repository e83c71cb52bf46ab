import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { DEFAULT_RATE_LIMITS, rateLimitOf } from "../../../hub-client"
import { HUB_MODULE } from "../../../modules/hub"
import type HubModuleService from "../../../modules/hub/service"

/**
 * Claims the account's due products for this round (two windows of its hub's `POST /products` limit,
 * so the client always has the next create queued) and the outbox rows their pushes carry. If a later
 * step fails, the claims are given back.
 */
export const claimHubPublicationsStep = createStep(
  "claim-hub-publications",
  async (input: { account: string }, { container }) => {
    const hub: HubModuleService = container.resolve(HUB_MODULE)
    const { id: account, options } = hub.account(input.account)
    const { limit } = rateLimitOf("POST /products", { ...DEFAULT_RATE_LIMITS, ...options.rateLimits })
    const { claimed, carried } = await hub.account(account).records.claimPublications(Math.max(1, 2 * limit))
    return new StepResponse({ account, claimed, carried }, claimed[0]?.claimToken)
  },
  async (claimToken, { container }) => {
    if (!claimToken) return
    const hub: HubModuleService = container.resolve(HUB_MODULE)
    await hub.releasePublicationClaims(claimToken)
  }
)
