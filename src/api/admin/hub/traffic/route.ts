import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { HUB_MODULE } from "../../../../modules/hub"
import type HubModuleService from "../../../../modules/hub/service"
import type { GetHubTraffic } from "./validators"

/** One hub account's requests, 4xx and 429 per hour and endpoint over the last `hours`, added up from every process of the store. */
export async function GET(req: MedusaRequest<unknown, GetHubTraffic>, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { hours, account } = req.validatedQuery as GetHubTraffic
  const hubAccount = hubModule.account(account)
  // This process's latest requests count at once (read, left for its recording); the others' within their next recording.
  res.json({ hours, account, traffic: await hubAccount.records.hubTraffic(hours, hubAccount.untakenTraffic()) })
}
