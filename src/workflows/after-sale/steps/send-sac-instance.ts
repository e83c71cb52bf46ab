import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { hubOutcome, type HubSacInstance, type HubSacInstanceRequest } from "../../../hub-client"
import { HUB_MODULE } from "../../../modules/hub"
import type { SacInstanceRow } from "../../../modules/hub/types"
import type HubModuleService from "../../../modules/hub/service"

export type SacInstanceAction = "CANCEL" | "RETURN" | "EXCHANGE"

export type SendSacInstanceInput = { account: string; code: string; orderId: string; action: SacInstanceAction; request: HubSacInstanceRequest }

/**
 * How the instance ended on the hub: `sent` (the hub has it; `resent` false when it was found there or
 * taken before, not sent now), `refused` (the hub's words in `error`), `unknown` (its answer lost: read
 * back before anything goes again), `not_sent` (the hub unreachable or throttled before it left), `busy`
 * (the ticket has another instance: `error` says which). `instanceId`: the plugin's record of it;
 * `returnId` / `exchangeId`: Medusa's part carried out already for it.
 */
export type SacInstanceOutcome = {
  state: "sent" | "refused" | "unknown" | "not_sent" | "busy"
  resent: boolean
  error: string | null
  instanceId: string | null
  hubInstance: HubSacInstance | null
  returnId: string | null
  exchangeId: string | null
}

/** An instance that holds its ticket: in flight, of unknown outcome, or taken (the partial unique index's states). */
const LIVE = ["sending", "unknown", "sent"]

/**
 * Sends the ticket's instance once, under the hub order's lock (the workflow's). An earlier instance of
 * the ticket whose outcome is unknown (its answer lost, or its process killed in flight) is first looked
 * for in the hub's instances (`GET /sac/{code}/instances`) and settled as sent or failed: **never sent
 * again blind**. One the hub took already is not sent again: the workflow carries out Medusa's part of it
 * (a try whose Medusa part failed after the hub took it). No compensation: what the hub took, nothing
 * here can take back; the record stays `sent`, so the next try does only Medusa's part.
 */
export const sendSacInstanceStep = createStep("send-hub-sac-instance", async (input: SendSacInstanceInput, { container }) => {
  const account = container.resolve<HubModuleService>(HUB_MODULE).account(input.account)
  const { sac } = account.records
  const { code, action } = input
  const outcome = (state: SacInstanceOutcome["state"], fields: Partial<SacInstanceOutcome> = {}) =>
    new StepResponse<SacInstanceOutcome>({ state, resent: false, error: null, instanceId: null, hubInstance: null, returnId: null, exchangeId: null, ...fields })
  const taken = (row: SacInstanceRow, hubInstance: unknown) =>
    outcome("sent", { instanceId: row.id, hubInstance: (hubInstance as HubSacInstance | null) ?? null, returnId: row.return_id, exchangeId: row.exchange_id })

  let live: SacInstanceRow | undefined = (await sac.instancesOf([code])).find((row) => LIVE.includes(row.state))
  if (live && live.state !== "sent") {
    let found: HubSacInstance | undefined
    try {
      const action = live.action
      found = (await account.sac.instances(code)).find((instance) => instance.action === action)
    } catch (error) {
      if (!hubOutcome(error)) throw error
      return outcome("unknown", { instanceId: live.id, error: "the hub could not be read to learn whether the earlier instance arrived" })
    }
    await sac.changeInstance(live.id, found ? { state: "sent", hub_instance: found, hub_status: found.status, error: null } : { state: "failed", error: "not among the hub's instances after its answer was lost" })
    live = found ? { ...live, state: "sent", hub_instance: found } : undefined
  }
  if (live) {
    if (live.action !== action) return outcome("busy", { instanceId: live.id, error: `the ticket has a ${live.action} instance already` })
    return taken(live, live.hub_instance)
  }

  // The partial unique index: another instance of the ticket claimed at this moment leaves this one unclaimed.
  const claimed = await sac.claimInstance({ ticket_code: code, action, order_id: input.orderId, request: input.request as Record<string, unknown> })
  if (!claimed) return outcome("busy", { error: "another instance of the ticket is in flight" })
  let answer: HubSacInstance | null
  try {
    answer = await account.sac.openInstance(code, input.request, account.options.sacReturnInvoiceField)
  } catch (error) {
    const failure = hubOutcome(error)
    if (!failure || failure.kind === "outcome_unknown") {
      await sac.changeInstance(claimed.id, { state: "unknown", error: failure?.message ?? null })
      if (!failure) throw error
      return outcome("unknown", { instanceId: claimed.id, error: failure.message })
    }
    const refused = failure.kind === "refused"
    const words = refused ? (failure.hubMessage ?? failure.message) : failure.message
    await sac.changeInstance(claimed.id, { state: "failed", error: words })
    return outcome(refused ? "refused" : "not_sent", { instanceId: claimed.id, error: words })
  }
  await sac.changeInstance(claimed.id, { state: "sent", hub_instance: answer, hub_status: answer?.status ?? null })
  return outcome("sent", { resent: true, instanceId: claimed.id, hubInstance: answer })
})
