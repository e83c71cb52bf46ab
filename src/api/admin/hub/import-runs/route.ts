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
 * set aside, how long, why one ended early), back-to-back runs that found nothing folded into one line
 * (`quiet`: how many, from when to when), how many lines in all, and the intake's figures. Each run's
 * `state`: running, finished, or interrupted (its process died before it ended: its lease passed).
 */
export async function GET(req: MedusaRequest<unknown, GetHubImportRuns>, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { limit, offset } = req.validatedQuery as GetHubImportRuns
  const account = hubModule.account((req.validatedQuery as GetHubImportRuns).account)
  const [{ lines, count }, intake] = await Promise.all([account.records.runs.importRunHistory({ limit, offset }), account.records.orderIntakeFigures()])
  const now = Date.now()
  res.json({ account: account.id, import_runs: lines.map((line) => ({ ...line, state: importRunState(line, now) })), count, limit, offset, intake })
}

/**
 * Imports one account's orders now (`?account=`), without waiting for the schedule, and answers with
 * the run's summary (409 while another import of it runs); a run that found nothing also with the
 * last run that found something (`last_found`: a scheduled run may just have taken every order).
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const account = hubModule.account((req.validatedQuery as HubAccountQuery).account)
  const summary = await runOrderImport(req.scope, account)
  if (!summary) return answerConflict(res, "An order import is already running; its result will appear in the list of runs")
  const foundNothing = !summary.error && summary.imported + summary.updated + summary.set_aside === 0
  const last = foundNothing ? await account.records.runs.lastImportRunThatFound(summary.runId) : null
  res.json({ import_run: summary, last_found: last && { finished_at: last.finished_at, imported: last.imported, updated: last.updated, set_aside: last.set_aside } })
}
