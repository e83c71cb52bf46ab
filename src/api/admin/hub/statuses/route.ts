import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { HUB_MODULE } from "../../../../modules/hub"
import type HubModuleService from "../../../../modules/hub/service"

/** The hub's status catalogue as last read (code, label, type): the admin shows a status by its label. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const statuses = await hubModule.listHubStatusEntries({}, { select: ["code", "label", "type"], order: { code: "ASC" }, take: null })
  res.json({ statuses })
}
