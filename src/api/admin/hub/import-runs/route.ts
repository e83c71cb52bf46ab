import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { HUB_MODULE } from "../../../../modules/hub"
import type HubModuleService from "../../../../modules/hub/service"
import { runOrderImport } from "../../../../sync/order-import"
import { answerConflict } from "../conflict"

/** The last order import runs: seen, imported, updated, set aside, how long, and why one ended early. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const import_runs = await hubModule.listHubImportRuns({}, { order: { started_at: "DESC" }, take: 20 })
  res.json({ import_runs })
}

/** Imports now, without waiting for the schedule, and answers with the run's summary (409 while another import runs). */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const summary = await runOrderImport(req.scope)
  if (!summary) return answerConflict(res, "An order import is already running; its result will appear in the list of runs")
  res.json({ import_run: summary })
}
