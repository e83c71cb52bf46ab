import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { HUB_MODULE } from "../../../modules/hub"
import type HubModuleService from "../../../modules/hub/service"

/**
 * A move of unknown outcome the hub order shows was not taken: failed, for the merchant to send
 * again. Only while it is still unknown (a merchant's retry meanwhile wins). Returns whether it changed.
 * No compensation: the hub order read showed it was not taken, true whatever fails after.
 */
export const markHubOrderMoveNotLandedStep = createStep(
  "mark-hub-order-move-not-landed",
  async ({ moveId, hubStatusCode }: { moveId: string; hubStatusCode: string }, { container }) => {
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    const changed = await hubModule.finishHubOrderMove(
      moveId,
      { state: "failed", hubStatusCode, error: `Not taken by the hub (the order is ${hubStatusCode}): send it again` },
      null,
      { fromState: "unknown" }
    )
    return new StepResponse(changed)
  }
)
