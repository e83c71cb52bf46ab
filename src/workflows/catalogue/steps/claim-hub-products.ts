import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { rateLimitOf, DEFAULT_RATE_LIMITS } from "../../../hub-client"
import { HUB_MODULE } from "../../../modules/hub"
import type HubModuleService from "../../../modules/hub/service"

/**
 * Claims the account's due hub products for this round, each with its publication and its SKUs' rows:
 * two windows' worth of its hub's `PUT /products` limit (the request most pushes make), so the client
 * always has the next request queued while none waits long enough on the limiter to outlive its claim.
 * If a later step fails, the claims are given back.
 */
export const claimHubProductsStep = createStep(
  "claim-hub-products",
  async (input: { account: string }, { container }) => {
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    const { id: account, options, records } = hubModule.account(input.account)
    const { limit } = rateLimitOf("PUT /products", { ...DEFAULT_RATE_LIMITS, ...options.rateLimits })
    const claimed = await records.catalogueClaims.claim(Math.max(1, 2 * limit))
    return new StepResponse({ account, claimed }, { account, claimToken: claimed.claimToken })
  },
  async (claim, { container }) => {
    if (!claim) return
    await container.resolve<HubModuleService>(HUB_MODULE).account(claim.account).records.catalogueClaims.release(claim.claimToken)
  }
)
