import { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import type { MerchantOrderMove } from "../../../../../../hub-client"
import { HUB_MODULE } from "../../../../../../modules/hub"
import type HubModuleService from "../../../../../../modules/hub/service"
import type { HubAccountQuery } from "../../../account-query"
import { marketplaceRefusalView } from "../../../marketplace-refusals/fields"
import { stockShortageOf } from "../../../../../../queries/hub-order-stock"
import { answerMove } from "../answer-move"
import { hubOrderCodeParam } from "../../validators"

/**
 * The merchant moves of one hub order of an account (`?account=`, `default` unless named), newest
 * first, with how each ended; what was done with it through the marketplace's delivery (PLPs, collections);
 * what a marketplace refused of it after the hub took it (`marketplace_refusals`, its sync errors);
 * and, while it needs stock, what its lines lack where (`stock_shortage`).
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { records, options } = hubModule.account((req.validatedQuery as HubAccountQuery).account)
  const code = hubOrderCodeParam(req)
  const [moves, actions, marketplace_refusals, hubOrder] = await Promise.all([
    records.moves.ofOrder(code, 50),
    records.deliveryActions.ofOrder(code, 50),
    records.marketplaceRefusals.open("orders", [code]),
    records.orders.byCode(code),
  ])
  const stock_shortage = hubOrder?.import_state === "needs_stock" && hubOrder.order_id ? await stockShortageOf(req.scope, hubOrder.order_id, options) : []
  const delivery_actions = actions.map(({ id, action, plp_id, state, error, created_at }) => ({ id, action, plp_id, state, error, created_at }))
  res.json({ moves, delivery_actions, marketplace_refusals: marketplace_refusals.map(marketplaceRefusalView), stock_shortage })
}

/**
 * Moves a hub order of an account (invoice, ship, deliver, shipment exception, cancel), on that
 * account's hub only. Safe to repeat: the hub order is read before anything is sent, so a move that
 * landed is never sent twice.
 */
export async function POST(req: MedusaRequest<MerchantOrderMove>, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { id: account } = hubModule.account((req.validatedQuery as HubAccountQuery).account)
  if (req.validatedBody.kind === "invoice" && req.validatedBody.nfe) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "nfe: an invoice with its NF-e XML goes to POST /admin/hub/orders/{code}/invoice-xml")
  }
  await answerMove(req, res, account, req.validatedBody)
}
