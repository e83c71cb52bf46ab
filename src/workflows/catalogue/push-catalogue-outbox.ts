import { emitEventStep } from "@medusajs/medusa/core-flows"
import { createHook, createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { HubEvents } from "../../modules/hub/events"
import { claimCatalogueChangesStep } from "./steps/claim-catalogue-changes"
import { pushCatalogueChangesStep } from "./steps/push-catalogue-changes"

export const pushCatalogueOutboxWorkflowId = "push-hub-catalogue-outbox"

/**
 * One flush of the catalogue outbox: claim the due rows, push each to the hub, record how each
 * went. Any number may run at once (claims are exclusive); the flusher runs it until nothing
 * is due. Hook `catalogueOutboxPushed` ({ summary }) runs after each flush; a SKU the hub refused is
 * announced as `hub-sku.refused`.
 */
export const pushCatalogueOutboxWorkflow = createWorkflow(pushCatalogueOutboxWorkflowId, () => {
  const claimed = claimCatalogueChangesStep()
  const summary = pushCatalogueChangesStep(claimed)
  when("announce-refused-hub-skus", { summary }, ({ summary }) => summary.refusals.length > 0).then(() => {
    emitEventStep({ eventName: HubEvents.SKU_REFUSED, data: transform({ summary }, ({ summary }) => summary.refusals) })
  })
  const catalogueOutboxPushed = createHook("catalogueOutboxPushed", { summary })
  return new WorkflowResponse(summary, { hooks: [catalogueOutboxPushed] })
})
