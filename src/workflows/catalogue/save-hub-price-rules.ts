import { createHook, createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { saveHubPriceRulesStep, type SaveHubPriceRulesInput } from "./steps/save-hub-price-rules"

export const saveHubPriceRulesWorkflowId = "save-hub-price-rules"

/**
 * The merchant saves an account's price rules (POST /admin/hub/prices/rules, docs/catalogue.md,
 * Marketplace prices): saved with the start of their walk; the caller wakes the account's flusher,
 * which records every SKU again and sends the prices that changed. Hook `priceRulesSaved`
 * ({ account, rules }): a handler that throws puts the earlier rules back.
 */
export const saveHubPriceRulesWorkflow = createWorkflow(saveHubPriceRulesWorkflowId, (input: SaveHubPriceRulesInput) => {
  saveHubPriceRulesStep(input)
  const saved = createHook("priceRulesSaved", { account: input.account, rules: input.rules })
  return new WorkflowResponse(undefined, { hooks: [saved] })
})
