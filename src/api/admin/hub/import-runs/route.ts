import { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { HUB_MODULE } from "../../../../modules/hub"
import HubModuleService from "../../../../modules/hub/service"
import { syncHubOrders } from "../../../../workflows/hub-orders/sync-hub-orders"

/** The last order import runs: seen, imported, updated, set aside, how long, and why one ended early. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const import_runs = await hubModule.listHubImportRuns({}, { order: { started_at: "DESC" }, take: 20 })
  res.json({ import_runs })
}

/**
 * Imports now, without waiting for the schedule, and answers with the run's summary. The run
 * lock still holds: while another import runs (the job, another admin), this one is refused.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const summary = await syncHubOrders(req.scope)
  if (!summary) {
    // Answered here: Medusa's error handler would replace this message with a generic one.
    res.status(409).json({ type: "conflict", message: "An order import is already running; its result will appear in the list of runs" })
    return
  }
  res.json({ import_run: summary })
}
