import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import type { MerchantOrderMove } from "../../../../../hub-client"
import { errorText } from "../../../../../mapping/error-text"
import { nfeKeyInUseMessage } from "../../../../../mapping/nfe-xml"
import { HUB_MODULE } from "../../../../../modules/hub"
import type HubModuleService from "../../../../../modules/hub/service"
import type { HubOrderMoveState } from "../../../../../mapping/hub-order-states"
import { moveHubOrderWorkflow } from "../../../../../workflows/hub-orders/move-hub-order"
import { answerConflict } from "../../conflict"
import { hubOrderCodeParam } from "../validators"

/** How a move's ending is answered: done 200; refused 422; answer lost 502; hub unreachable 503. */
const STATUS_BY_STATE: Record<Exclude<HubOrderMoveState, "sending">, number> = { done: 200, refused: 422, unknown: 502, failed: 503 }

/** Runs a merchant's move of the hub order in the path on the account's hub, and answers how it ended; an invoice whose NF-e key invoices another order is a 400 naming it (`problem: "key_in_use"`, `order`). */
export async function answerMove(req: MedusaRequest, res: MedusaResponse, account: string, move: MerchantOrderMove): Promise<void> {
  const code = hubOrderCodeParam(req)
  if (move.kind === "invoice") {
    // Asked first so the card can say it in the admin's language (`problem`, `order`); the claim asks
    // again under the key's lock, for two orders sent one key at once.
    const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
    const hubOrder = await hubModule.account(account).records.orders.byCode(code)
    const holder = hubOrder ? await hubModule.account(account).records.hubOrderInvoicedWithKey({ hubOrderId: hubOrder.id, key: move.invoice.key }) : null
    if (holder) {
      return void res.status(400).json({ type: MedusaError.Types.NOT_ALLOWED, message: nfeKeyInUseMessage(move.invoice.key, holder, code), problem: "key_in_use", order: holder })
    }
  }
  try {
    const { result } = await moveHubOrderWorkflow(req.scope).run({ input: { code, account, move } })
    res.status(STATUS_BY_STATE[result.state]).json({ move: result, ...(result.error ? { message: result.error } : {}) })
  } catch (error) {
    if ((error as MedusaError).type !== MedusaError.Types.CONFLICT) throw error
    answerConflict(res, errorText(error))
  }
}
