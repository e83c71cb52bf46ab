import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { HUB_MODULE } from "../../../../../../../modules/hub"
import type HubModuleService from "../../../../../../../modules/hub/service"
import type { HubAccountQuery } from "../../../../account-query"
import type { HubSacOrderTicket } from "../../../types"

/** The SAC tickets of one hub order of an account (the order card's line), newest first, each with what the merchant did about it. */
export async function GET(req: MedusaRequest, res: MedusaResponse<{ tickets: HubSacOrderTicket[] }>) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { account } = req.validatedQuery as HubAccountQuery
  const { sac } = hubModule.account(account).records
  const rows = await sac.ticketsOfOrder(req.params.code, 20)
  const instances = await sac.instancesOf(rows.map((row) => row.code))
  const tickets = rows.map((row) => {
    const instance = instances.find((candidate) => candidate.ticket_code === row.code)
    return {
      code: row.code,
      status: row.status,
      unread: row.unread,
      waiting_since: row.waiting_since ? new Date(row.waiting_since).toISOString() : null,
      action: (row.action as HubSacOrderTicket["action"]) ?? null,
      instance: instance ? { action: instance.action, state: instance.state, hub_status: instance.hub_status, received_at: instance.received_at ? new Date(instance.received_at).toISOString() : null } : null,
    }
  })
  res.json({ tickets })
}
