import { hubAccountsJob } from "../sync/shared/hub-job"
import { finishUnfinishedHubOrderMoves } from "../sync/moves/unfinished-moves"
import { settleUnknownHubOrderMoves } from "../sync/moves/unknown-moves"

/**
 * For each hub account at once: moves whose answer was lost are settled by reading their hub orders,
 * without sending anything; then what moves left undone (a recording in Medusa, a fulfillment's move
 * the hub never got) is finished.
 */
export default hubAccountsJob(async (container, account) => {
  await settleUnknownHubOrderMoves(container, account)
  await finishUnfinishedHubOrderMoves(container, account)
})

export const config = {
  name: "hub-resolve-order-moves",
  schedule: "* * * * *",
}
