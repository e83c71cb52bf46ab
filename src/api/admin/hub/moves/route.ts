import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { HUB_MODULE } from "../../../../modules/hub"
import type HubModuleService from "../../../../modules/hub/service"
import type { GetHubMoves } from "./validators"

/** The merchant moves that need the merchant, across orders: refused, not sent, outcome unknown, or not recorded in Medusa. */
export async function GET(req: MedusaRequest<unknown, GetHubMoves>, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { limit } = req.validatedQuery as GetHubMoves
  res.json(await hubModule.listHubOrderMovesNeedingMerchant(limit))
}
