import { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { reconcileStockWorkflow } from "../../../../../workflows/stock/reconcile-stock"
import type { PostStockReconcileBody } from "./validators"

/**
 * Starts a reconciliation of the hub's quantities: 202 at once (follow it on GET
 * /admin/hub/stock), or, with `wait`, 200 with its figures once the walk is over (409 when
 * another one is running).
 */
export async function POST(req: MedusaRequest<PostStockReconcileBody>, res: MedusaResponse) {
  const run = reconcileStockWorkflow(req.scope).run()
  if (req.validatedBody.wait) {
    const { result } = await run
    res.json({ reconciliation: result })
    return
  }
  run.catch((error: Error) => req.scope.resolve(ContainerRegistrationKeys.LOGGER).warn(`hub: stock reconciliation failed: ${error.message}`))
  res.status(202).json({ started: true })
}
