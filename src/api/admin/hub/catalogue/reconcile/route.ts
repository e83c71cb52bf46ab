import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../../../../../modules/hub"
import type HubModuleService from "../../../../../modules/hub/service"
import { maskPersonalData } from "../../../../../mapping/personal-data"
import { reconcileCatalogue } from "../../../../../sync/catalogue/catalogue-reconciliation"
import { answerConflict } from "../../conflict"
import type { PostCatalogueReconcileBody, PostCatalogueReconcileQuery } from "./validators"

const ALREADY_RUNNING = "A catalogue reconciliation is already running"

/**
 * Starts a reconciliation of one account's hub (`?account=`, `default` unless named): 202 at once
 * (follow it on GET /admin/hub/catalogue?account=), or, with `wait`, 200 with its figures once the walk
 * is over (409 while another one of that account runs).
 */
export async function POST(req: MedusaRequest<PostCatalogueReconcileBody, PostCatalogueReconcileQuery>, res: MedusaResponse) {
  const { account } = req.validatedQuery as PostCatalogueReconcileQuery
  // An unknown account is refused here (a 400 naming it), before anything starts.
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const run = reconcileCatalogue(req.scope, hubModule.account(account))
  if (req.validatedBody.wait) {
    const reconciliation = await run
    if (!reconciliation) return answerConflict(res, ALREADY_RUNNING)
    res.json({ reconciliation })
    return
  }
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  run.then(
    (reconciliation) => reconciliation || logger.info(`hub: ${ALREADY_RUNNING.toLowerCase()}; this one was not started`),
    (error: unknown) => logger.warn(`hub: catalogue reconciliation failed: ${maskPersonalData(String((error as Error)?.message ?? error))}`)
  )
  res.status(202).json({ started: true })
}
