import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { maskPersonalData } from "../../../../../mapping/personal-data"
import { reconcileStock } from "../../../../../sync/catalogue/stock-reconciliation"
import { answerConflict } from "../../conflict"
import type { PostStockReconcileBody } from "./validators"

const ALREADY_RUNNING = "A stock reconciliation is already running"

/**
 * Starts a reconciliation of the hub's quantities: 202 at once (follow it on GET /admin/hub/stock),
 * or, with `wait`, 200 with its figures once the walk is over (409 while another one runs).
 */
export async function POST(req: MedusaRequest<PostStockReconcileBody>, res: MedusaResponse) {
  const run = reconcileStock(req.scope)
  if (req.validatedBody.wait) {
    const reconciliation = await run
    if (!reconciliation) return answerConflict(res, ALREADY_RUNNING)
    res.json({ reconciliation })
    return
  }
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  run.then(
    (reconciliation) => reconciliation || logger.info(`hub: ${ALREADY_RUNNING.toLowerCase()}; this one was not started`),
    (error: unknown) => logger.warn(`hub: stock reconciliation failed: ${maskPersonalData(String((error as Error)?.message ?? error))}`)
  )
  res.status(202).json({ started: true })
}
