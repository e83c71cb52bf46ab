import { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import type { MerchantOrderMove } from "../../../../../../hub-client"
import type { HubOrderMoveState } from "../../../../../../mapping/hub-order-states"
import { HUB_MODULE } from "../../../../../../modules/hub"
import type HubModuleService from "../../../../../../modules/hub/service"
import { moveHubOrderWorkflow } from "../../../../../../workflows/hub-orders/move-hub-order"
import type { HubAccountQuery } from "../../../account-query"
import { answerConflict } from "../../../conflict"
import { errorText } from "../../../../../../mapping/error-text"

/** The merchant moves of one hub order of an account (`?account=`, `default` unless named), newest first, with how each ended. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { id: account } = hubModule.account((req.validatedQuery as HubAccountQuery).account)
  const moves = await hubModule.listHubOrderMoves({ account, code: req.params.code }, { order: { created_at: "DESC" }, take: 50 })
  res.json({ moves })
}

/** How a move's ending is answered: done 200; refused 422; answer lost 502; hub unreachable 503. */
const STATUS_BY_STATE: Record<Exclude<HubOrderMoveState, "sending">, number> = { done: 200, rejected: 422, unknown: 502, failed: 503 }

/**
 * Moves a hub order of an account (invoice, ship, deliver, shipment exception, cancel), on that
 * account's hub only. Safe to repeat: the hub order is read before anything is sent, so a move that
 * landed is never sent twice.
 */
export async function POST(req: MedusaRequest<MerchantOrderMove>, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { id: account } = hubModule.account((req.validatedQuery as HubAccountQuery).account)
  try {
    const { result } = await moveHubOrderWorkflow(req.scope).run({ input: { code: req.params.code, account, move: req.validatedBody } })
    res.status(STATUS_BY_STATE[result.state]).json({ move: result, ...(result.error ? { message: result.error } : {}) })
  } catch (error) {
    if ((error as MedusaError).type !== MedusaError.Types.CONFLICT) throw error
    answerConflict(res, errorText(error))
  }
}
