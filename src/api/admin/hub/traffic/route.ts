import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { HUB_MODULE } from "../../../../modules/hub"
import type HubModuleService from "../../../../modules/hub/service"
import type { GetHubTraffic } from "./validators"

/** One hub account's requests, 4xx and 429 per hour and endpoint over the last `hours`, added up from every process of the store. */
export async function GET(req: MedusaRequest<unknown, GetHubTraffic>, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { hours, account } = req.validatedQuery as GetHubTraffic
  // This process's latest requests count at once; the others' within their next recording.
  await hubModule.recordHubTraffic()
  res.json({ hours, account, traffic: await hubModule.account(account).records.hubTraffic(hours) })
}
