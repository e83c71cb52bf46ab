import { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { HUB_MODULE } from "../../../../modules/hub"
import HubModuleService from "../../../../modules/hub/service"

/** The last order import runs: seen, imported, updated, set aside, how long, and why one ended early. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const import_runs = await hubModule.listHubImportRuns({}, { order: { started_at: "DESC" }, take: 20 })
  res.json({ import_runs })
}
