import { createHook, createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { askHubProductPublicationStep, type AskHubProductPublicationInput, checkHubProductPublicationAskStep } from "./steps/ask-hub-product-publication"

export const askHubProductPublicationWorkflowId = "ask-hub-product-publication"

/**
 * The merchant's ask of one product's publication on one account's hub (POST /admin/hub/products/{id}/publish
 * and /exclusion, docs/catalogue.md): checked, recorded on the product's row; answers the product
 * ({ id, title }). The caller has the account's flusher push it. Hook `productPublicationAsked`
 * ({ account, productId, ask }): a handler that throws undoes the ask.
 */
export const askHubProductPublicationWorkflow = createWorkflow(askHubProductPublicationWorkflowId, (input: AskHubProductPublicationInput) => {
  const product = checkHubProductPublicationAskStep(input)
  askHubProductPublicationStep(input)
  const asked = createHook("productPublicationAsked", { account: input.account, productId: input.productId, ask: input.ask })
  return new WorkflowResponse(product, { hooks: [asked] })
})
