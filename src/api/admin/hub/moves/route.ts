import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { HUB_MODULE } from "../../../../modules/hub"
import type HubModuleService from "../../../../modules/hub/service"
import type { HubMovesPage } from "../types"
import type { GetHubMoves } from "./validators"

/** A page of the merchant moves that need the merchant, across orders (refused, not sent, outcome unknown, or not recorded in Medusa), and how many in all. */
export async function GET(req: MedusaRequest<unknown, GetHubMoves>, res: MedusaResponse<HubMovesPage>) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { limit, offset } = req.validatedQuery as GetHubMoves
  const { moves, count } = await hubModule.movesNeedingMerchant({ limit, offset })
  res.json({ moves, count, limit, offset })
}
