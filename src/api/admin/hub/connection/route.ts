import { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { HUB_MODULE } from "../../../../modules/hub"
import { connectionHealth } from "../../../../modules/hub/hub-account"
import HubModuleService from "../../../../modules/hub/service"
import type { HubConnectionAnswer } from "../types"
import type { GetHubConnection } from "./validators"

/** The health of one hub account's connection (`?account=`, `default` unless named): counters of its hub client, never a credential; the store's accounts and their names. */
export async function GET(req: MedusaRequest<unknown, GetHubConnection>, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { account } = req.validatedQuery as GetHubConnection
  // Each account's name (option `name`) for the admin to say; its id when it has none.
  const names = Object.fromEntries(hubModule.accounts.map((one) => [one.id, one.options.name ?? one.id]))
  const answer: HubConnectionAnswer = { connection: connectionHealth(hubModule.account(account)), accounts: hubModule.accountIds, names }
  res.json(answer)
}
