import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { HUB_MODULE } from "../../../../modules/hub"
import type HubModuleService from "../../../../modules/hub/service"
import { runOrderImport } from "../../../../sync/orders/order-listing"
import { answerConflict } from "../conflict"

/** The last order import runs (seen, imported, updated, set aside, how long, why one ended early) and the intake's figures. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const [import_runs, intake] = await Promise.all([
    hubModule.listHubImportRuns({}, { order: { started_at: "DESC" }, take: 20 }),
    hubModule.orderIntakeFigures(),
  ])
  res.json({ import_runs, intake })
}

/** Imports now, without waiting for the schedule, and answers with the run's summary (409 while another import runs). */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const summary = await runOrderImport(req.scope)
  if (!summary) return answerConflict(res, "An order import is already running; its result will appear in the list of runs")
  res.json({ import_run: summary })
}
