import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { HUB_MODULE } from "../../../../modules/hub"
import type HubModuleService from "../../../../modules/hub/service"
import { importRunState } from "../../../../mapping/import-run-state"
import { runOrderImport } from "../../../../sync/orders/order-listing"
import type { HubAccountQuery } from "../account-query"
import { answerConflict } from "../conflict"
import type { GetHubImportRuns } from "./validators"

/**
 * A page of one hub account's order import runs (`?account=`), newest first (seen, imported, updated,
 * set aside, how long, why one ended early), how many in all, and the intake's figures. Each run's
 * `state`: running, finished, or interrupted (its process died before it ended: its lease passed).
 */
export async function GET(req: MedusaRequest<unknown, GetHubImportRuns>, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { limit, offset } = req.validatedQuery as GetHubImportRuns
  const { id: account } = hubModule.account((req.validatedQuery as GetHubImportRuns).account)
  const [[import_runs, count], intake] = await Promise.all([
    hubModule.listAndCountHubImportRuns({ account }, { order: { started_at: "DESC", id: "DESC" }, take: limit, skip: offset }),
    hubModule.account(account).records.orderIntakeFigures(),
  ])
  const now = Date.now()
  res.json({ account, import_runs: import_runs.map((run) => ({ ...run, state: importRunState(run, now) })), count, limit, offset, intake })
}

/** Imports one account's orders now (`?account=`), without waiting for the schedule, and answers with the run's summary (409 while another import of it runs). */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const summary = await runOrderImport(req.scope, hubModule.account((req.validatedQuery as HubAccountQuery).account))
  if (!summary) return answerConflict(res, "An order import is already running; its result will appear in the list of runs")
  res.json({ import_run: summary })
}
