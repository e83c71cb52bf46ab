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
    const hub = container.resolve<HubModuleService>(HUB_MODULE)
    // The row as stored, not as parsed: a row an older version wrote comes back unchanged.
    const [before] = await hub.listHubPriceRuleSets({ account }, { select: ["rules"], take: 1 })
    await hub.account(account).records.savePriceRules(rules)
    return new StepResponse(undefined, { account, previous: (before?.rules ?? null) as HubPriceRules | null })
  },
  async (before, { container }) => {
    if (!before) return
    const hub = container.resolve<HubModuleService>(HUB_MODULE)
    if (before.previous) return void (await hub.account(before.account).records.savePriceRules(before.previous))
    const rows = await hub.listHubPriceRuleSets({ account: before.account }, { select: ["id"] })
    if (rows.length) await hub.deleteHubPriceRuleSets(rows.map((row) => row.id))
  }
)
