import { emitEventStep } from "@medusajs/medusa/core-flows"
import { createHook, createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { HubEvents } from "../../modules/hub/events"
import { claimCatalogueChangesStep } from "./steps/claim-catalogue-changes"
import { pushCatalogueChangesStep } from "./steps/push-catalogue-changes"

export const pushCatalogueOutboxWorkflowId = "push-hub-catalogue-outbox"

/**
 * One flush of the catalogue outbox of the hub account named: claim its due rows, push each to its hub, record
 * how each went. Any number may run at once (claims are exclusive); the account's flusher runs it
 * until nothing is due. Hook `catalogueOutboxPushed` ({ summary }, naming the account) runs after
 * each flush; a SKU the hub refused is announced as `hub-sku.refused` with its account.
 */
export const pushCatalogueOutboxWorkflow = createWorkflow(pushCatalogueOutboxWorkflowId, (input: { account: string }) => {
  const claimed = claimCatalogueChangesStep(input)
  const summary = pushCatalogueChangesStep(claimed)
  when("announce-refused-hub-skus", { summary }, ({ summary }) => summary.refusals.length > 0).then(() => {
    emitEventStep({ eventName: HubEvents.SKU_REFUSED, data: transform({ summary }, ({ summary }) => summary.refusals) })
  })
  const catalogueOutboxPushed = createHook("catalogueOutboxPushed", { summary })
  return new WorkflowResponse(summary, { hooks: [catalogueOutboxPushed] })
})
