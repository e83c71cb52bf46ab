import type { MedusaContainer } from "@medusajs/framework/types"
import { HUB_MODULE } from "../modules/hub"
import type HubModuleService from "../modules/hub/service"
import { settleUnknownHubOrderMoves } from "../sync/unknown-moves"

/** Moves whose answer was lost are settled by reading their hub orders, without sending anything. */
export default async function resolveHubOrderMovesJob(container: MedusaContainer) {
  const hub: HubModuleService = container.resolve(HUB_MODULE)
  if (hub.hubOptions.jobs) await settleUnknownHubOrderMoves(container)
}

export const config = {
  name: "hub-resolve-order-moves",
  schedule: "* * * * *",
}
