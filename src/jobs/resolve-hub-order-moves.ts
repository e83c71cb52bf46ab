import { hubJob } from "../sync/shared/hub-job"
import { finishUnfinishedHubOrderMoves } from "../sync/moves/unfinished-moves"
import { settleUnknownHubOrderMoves } from "../sync/moves/unknown-moves"

/**
 * Moves whose answer was lost are settled by reading their hub orders, without sending anything;
 * then what moves left undone (a recording in Medusa, a fulfillment's move the hub never got) is finished.
 */
export default hubJob(async (container) => {
  await settleUnknownHubOrderMoves(container)
  await finishUnfinishedHubOrderMoves(container)
})

export const config = {
  name: "hub-resolve-order-moves",
  schedule: "* * * * *",
}
