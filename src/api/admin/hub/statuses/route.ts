import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { HUB_MODULE } from "../../../../modules/hub"
import type HubModuleService from "../../../../modules/hub/service"
import type { HubAccountQuery } from "../account-query"

/** A hub account's status catalogue as last read (`?account=`; code, label, type): the admin shows a status by its label. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const statuses = await hubModule.account((req.validatedQuery as HubAccountQuery).account).records.statuses.entries()
  res.json({ statuses })
}
