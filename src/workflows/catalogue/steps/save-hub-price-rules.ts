import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { HubPriceRules } from "../../../mapping/hub-price-rules"
import { HUB_MODULE } from "../../../modules/hub"
import type HubModuleService from "../../../modules/hub/service"

export type SaveHubPriceRulesInput = { account: string; rules: HubPriceRules }

/**
 * Saves an account's price rules with the start of their walk over its SKUs (one statement).
 * Compensation puts the earlier rules back, which starts their walk again (a SKU a walk recorded
 * meanwhile goes back to its earlier price), or, none saved before, removes the row.
 */
export const saveHubPriceRulesStep = createStep(
  "save-hub-price-rules",
  async ({ account, rules }: SaveHubPriceRulesInput, { container }) => {
    // The rules replaced as stored, not as parsed: a row an older version wrote comes back unchanged.
    const previous = await container.resolve<HubModuleService>(HUB_MODULE).account(account).records.settings.savePriceRules(rules)
    return new StepResponse(undefined, { account, previous })
  },
  async (before, { container }) => {
    if (!before) return
    await container.resolve<HubModuleService>(HUB_MODULE).account(before.account).records.settings.restorePriceRules(before.previous)
  }
)
