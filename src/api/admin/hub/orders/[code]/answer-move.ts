import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import type { MerchantOrderMove } from "../../../../../hub-client"
import { errorText } from "../../../../../mapping/error-text"
import type { HubOrderMoveState } from "../../../../../mapping/hub-order-states"
import { moveHubOrderWorkflow } from "../../../../../workflows/hub-orders/move-hub-order"
import { answerConflict } from "../../conflict"
import { hubOrderCodeParam } from "../validators"

/** How a move's ending is answered: done 200; refused 422; answer lost 502; hub unreachable 503. */
const STATUS_BY_STATE: Record<Exclude<HubOrderMoveState, "sending">, number> = { done: 200, rejected: 422, unknown: 502, failed: 503 }

/** Runs a merchant's move of the hub order in the path on the account's hub, and answers how it ended. */
export async function answerMove(req: MedusaRequest, res: MedusaResponse, account: string, move: MerchantOrderMove): Promise<void> {
  const code = hubOrderCodeParam(req)
  try {
    const { result } = await moveHubOrderWorkflow(req.scope).run({ input: { code, account, move } })
    res.status(STATUS_BY_STATE[result.state]).json({ move: result, ...(result.error ? { message: result.error } : {}) })
  } catch (error) {
    if ((error as MedusaError).type !== MedusaError.Types.CONFLICT) throw error
    answerConflict(res, errorText(error))
  }
}
