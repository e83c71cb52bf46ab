import { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { HUB_MODULE } from "../../../../modules/hub"
import type HubModuleService from "../../../../modules/hub/service"

/** The stock sync's figures for the admin page. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const hub: HubModuleService = req.scope.resolve(HUB_MODULE)
  res.json({ stock: await hub.stockSyncFigures() })
}
