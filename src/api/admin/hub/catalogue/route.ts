import { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { HUB_MODULE } from "../../../../modules/hub"
import type HubModuleService from "../../../../modules/hub/service"
import type { GetHubStock } from "./validators"

/** One hub account's stock sync figures for the admin page (`?account=`, `default` unless named). */
export async function GET(req: MedusaRequest<unknown, GetHubStock>, res: MedusaResponse) {
  const hub: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { account } = req.validatedQuery as GetHubStock
  res.json({ stock: await hub.account(account).records.stockSyncFigures(), accounts: hub.accountIds })
}
