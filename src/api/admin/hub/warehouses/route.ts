import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { HUB_MODULE } from "../../../../modules/hub"
import type HubModuleService from "../../../../modules/hub/service"
import { warehousesView } from "../../../../queries/hub-warehouses-view"
import { saveWarehouses } from "../../../../sync/catalogue/warehouse-mapping"
import type { HubAccountQuery } from "../account-query"
import type { HubWarehousesAnswer } from "../types"
import type { PostHubWarehouses } from "./validators"

/**
 * A hub account's warehouses besides the default (`?account=`; docs/catalogue.md, *Warehouses*): each
 * with its Medusa stock location by name, its SKUs waiting to be sent and those the hub refused, the
 * newest refusal in the hub's words (an unknown store code is the hub's 404); whether they were saved
 * here (else the option `warehouses` says them), and the locations of the account's sales channel one
 * may map.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse<HubWarehousesAnswer>) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  res.json(await warehousesView(req.scope, hubModule.account((req.validatedQuery as HubAccountQuery).account)))
}

/**
 * Saves the account's warehouses through their workflow (checked against its channel and every other
 * account's locations: a 400 naming the field), then starts a reconciliation that sends each moved
 * stock where it now belongs; answers as GET does.
 */
export async function POST(req: MedusaRequest<PostHubWarehouses>, res: MedusaResponse<HubWarehousesAnswer>) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const account = hubModule.account((req.validatedQuery as HubAccountQuery).account)
  await saveWarehouses(req.scope, account, req.validatedBody.warehouses)
  res.json(await warehousesView(req.scope, account))
}
