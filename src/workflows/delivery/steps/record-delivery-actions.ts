import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { HUB_MODULE } from "../../../modules/hub"
import type HubModuleService from "../../../modules/hub/service"
import type { DeliveryActionOutcome } from "./send-delivery-action"

/**
 * Each order's line in its history (the order card's *Delivery*): one row per order the action
 * concerns, however it ended, except `failed` (nothing happened). Compensation removes them.
 */
export const recordDeliveryActionsStep = createStep(
  "record-hub-delivery-actions",
  async (outcome: DeliveryActionOutcome, { container }) => {
    if (outcome.state === "failed" || outcome.codes.length === 0) return new StepResponse([], [])
    const hubModule = container.resolve<HubModuleService>(HUB_MODULE)
    const rows = await hubModule.createHubDeliveryActions(
      outcome.codes.map((code) => ({ account: outcome.account, code, action: outcome.kind, plp_id: outcome.plpId, state: outcome.state as "done" | "rejected" | "unknown", error: outcome.error?.slice(0, 500) ?? null }))
    )
    const ids = rows.map((row) => row.id)
    return new StepResponse(ids, ids)
  },
  async (ids, { container }) => {
    if (ids?.length) await container.resolve<HubModuleService>(HUB_MODULE).deleteHubDeliveryActions(ids)
  }
)
