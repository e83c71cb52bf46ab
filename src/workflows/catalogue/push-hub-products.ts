import { emitEventStep } from "@medusajs/medusa/core-flows"
import { createHook, createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { HubEvents } from "../../modules/hub/events"
import { claimHubProductsStep } from "./steps/claim-hub-products"
import { clearMarketplaceRefusalsStep } from "./steps/clear-marketplace-refusals"
import { pushHubProductsStep } from "./steps/push-hub-products"
import { readClaimedHubProductsStep } from "./steps/read-claimed-hub-products"

export const pushHubProductsWorkflowId = "push-hub-products"

/**
 * One round of the catalogue of the hub account named: claim its due hub products (a product with its
 * SKUs' outbox rows, or a SKU no product of this store publishes), read them in Medusa as they leave,
 * send each what its hub should hold in as few requests as the hub allows and settle it as its push
 * ends, then announce what the hub refused. Any number may run at once (claims are exclusive); the
 * account's flusher runs it until nothing is due. Hook `hubProductsPushed`
 * ({ summary }, naming the account) runs after each round; a product the hub refused is announced as
 * `hub-product.refused`, a SKU as `hub-sku.refused`, each with its account.
 */
export const pushHubProductsWorkflow = createWorkflow(pushHubProductsWorkflowId, (input: { account: string }) => {
  const claimed = claimHubProductsStep(input)
  const reading = readClaimedHubProductsStep(claimed)
  const summary = pushHubProductsStep(transform({ claimed, reading }, ({ claimed, reading }) => ({ account: claimed.account, claimed: claimed.claimed, reading })))
  when("announce-refused-hub-products", { summary }, ({ summary }) => summary.refusals.length > 0).then(() => {
    emitEventStep({ eventName: HubEvents.PRODUCT_REFUSED, data: transform({ summary }, ({ summary }) => summary.refusals) }).config({ name: "emit-refused-hub-products" })
  })
  when("announce-refused-hub-skus", { summary }, ({ summary }) => summary.skuRefusals.length > 0).then(() => {
    emitEventStep({ eventName: HubEvents.SKU_REFUSED, data: transform({ summary }, ({ summary }) => summary.skuRefusals) }).config({ name: "emit-refused-hub-skus" })
  })
  // What a marketplace refused of a product the hub just took again: the hub is told it is fixed.
  clearMarketplaceRefusalsStep(transform({ summary }, ({ summary }) => ({ account: summary.account, skus: summary.takenSkus })))
  const hubProductsPushed = createHook("hubProductsPushed", { summary })
  return new WorkflowResponse(summary, { hooks: [hubProductsPushed] })
})
