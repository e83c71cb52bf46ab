import { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { HUB_MODULE } from "../../../../modules/hub"
import { connectionHealth } from "../../../../modules/hub/hub-account"
import HubModuleService from "../../../../modules/hub/service"
import type { GetHubConnection } from "./validators"

/** The health of one hub account's connection (`?account=`, `default` unless named): counters of its hub client, never a credential. */
export async function GET(req: MedusaRequest<unknown, GetHubConnection>, res: MedusaResponse) {
  const hub: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { account } = req.validatedQuery as GetHubConnection
  res.json({ connection: connectionHealth(hub.account(account)), accounts: hub.accountIds })
}
