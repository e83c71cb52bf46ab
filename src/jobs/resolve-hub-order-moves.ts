import type { MedusaContainer } from "@medusajs/framework/types"
import { HUB_MODULE } from "../modules/hub"
import type HubModuleService from "../modules/hub/service"
import { finishUnfinishedHubOrderMoves } from "../sync/moves/unfinished-moves"
import { settleUnknownHubOrderMoves } from "../sync/moves/unknown-moves"

/**
 * Moves whose answer was lost are settled by reading their hub orders, without sending anything;
 * then what moves left undone (a recording in Medusa, a fulfillment's move the hub never got) is finished.
 */
export default async function resolveHubOrderMovesJob(container: MedusaContainer) {
  const hub: HubModuleService = container.resolve(HUB_MODULE)
  if (!hub.hubOptions.jobs) return
  await settleUnknownHubOrderMoves(container)
  await finishUnfinishedHubOrderMoves(container)
}

export const config = {
  name: "hub-resolve-order-moves",
  schedule: "* * * * *",
}
