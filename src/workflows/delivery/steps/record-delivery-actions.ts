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
    if (outcome.state === "failed" || outcome.codes.length === 0) return new StepResponse([] as string[], { account: outcome.account, ids: [] as string[] })
    const { records } = container.resolve<HubModuleService>(HUB_MODULE).account(outcome.account)
    const ids = await records.deliveryActions.record(
      outcome.codes.map((code) => ({ code, action: outcome.kind, plp_id: outcome.plpId, state: outcome.state as "done" | "refused" | "unknown", error: outcome.error?.slice(0, 500) ?? null }))
    )
    return new StepResponse(ids, { account: outcome.account, ids })
  },
  async (made, { container }) => {
    if (made?.ids.length) await container.resolve<HubModuleService>(HUB_MODULE).account(made.account).records.deliveryActions.remove(made.ids)
  }
)
