import { emitEventStep } from "@medusajs/medusa/core-flows"
import { createHook, createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { HubEvents } from "../../modules/hub/events"
import { claimHubPublicationsStep } from "./steps/claim-hub-publications"
import { clearMarketplaceRefusalsStep } from "./steps/clear-marketplace-refusals"
import { pushHubPublicationsStep } from "./steps/push-hub-publications"

export const publishHubProductsWorkflowId = "publish-hub-products"

/**
 * One round of the product publication of the hub account named (its option
 * `publishProducts`): claim its due products, create or update each on its hub, record how each went.
 * Any number may run at once (claims are exclusive). Hook `productsPublished` ({ summary }, naming
 * the account) runs after each round; a product the hub refused is announced as `hub-product.refused`
 * with its account.
 */
export const publishHubProductsWorkflow = createWorkflow(publishHubProductsWorkflowId, (input: { account: string }) => {
  const claimed = claimHubPublicationsStep(input)
  const summary = pushHubPublicationsStep(claimed)
  when("announce-refused-hub-products", { summary }, ({ summary }) => summary.refusals.length > 0).then(() => {
    emitEventStep({ eventName: HubEvents.PRODUCT_REFUSED, data: transform({ summary }, ({ summary }) => summary.refusals) }).config({ name: "emit-refused-hub-products" })
  })
  // A SKU whose fields went with its product's push and were refused on their own.
  when("announce-refused-carried-skus", { summary }, ({ summary }) => summary.skuRefusals.length > 0).then(() => {
    emitEventStep({ eventName: HubEvents.SKU_REFUSED, data: transform({ summary }, ({ summary }) => summary.skuRefusals) }).config({ name: "emit-refused-carried-skus" })
  })
  // What a marketplace refused of a product the hub just took again: the hub is told it is fixed.
  clearMarketplaceRefusalsStep(transform({ summary }, ({ summary }) => ({ account: summary.account, skus: summary.takenSkus })))
  const productsPublished = createHook("productsPublished", { summary })
  return new WorkflowResponse(summary, { hooks: [productsPublished] })
})
