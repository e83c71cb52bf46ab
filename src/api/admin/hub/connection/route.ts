import { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { HUB_MODULE } from "../../../../modules/hub"
import HubModuleService from "../../../../modules/hub/service"

/** The health of the hub connection: counters of the hub client, never a credential. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const hub: HubModuleService = req.scope.resolve(HUB_MODULE)
  res.json({ connection: hub.connectionHealth() })
}
