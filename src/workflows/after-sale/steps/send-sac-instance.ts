import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { hubOutcome, type HubSacInstance, type HubSacInstanceRequest } from "../../../hub-client"
import { HUB_MODULE } from "../../../modules/hub"
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

type InstanceRow = { id: string; action: SacInstanceAction; state: string; hub_instance: unknown; return_id: string | null; exchange_id: string | null }

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
  const hubModule = container.resolve<HubModuleService>(HUB_MODULE)
  const account = hubModule.account(input.account)
  const { code, action } = input
  const outcome = (state: SacInstanceOutcome["state"], fields: Partial<SacInstanceOutcome> = {}) =>
    new StepResponse<SacInstanceOutcome>({ state, resent: false, error: null, instanceId: null, hubInstance: null, returnId: null, exchangeId: null, ...fields })
  const taken = (row: InstanceRow, hubInstance: unknown) =>
    outcome("sent", { instanceId: row.id, hubInstance: (hubInstance as HubSacInstance | null) ?? null, returnId: row.return_id, exchangeId: row.exchange_id })

  let live: InstanceRow | undefined = ((await hubModule.listHubSacInstances({ account: input.account, ticket_code: code, state: LIVE }, { take: 1 })) as unknown as InstanceRow[])[0]
  if (live && live.state !== "sent") {
    let found: HubSacInstance | undefined
    try {
      const action = live.action
      found = (await account.sac.instances(code)).find((instance) => instance.action === action)
    } catch (error) {
      if (!hubOutcome(error)) throw error
      return outcome("unknown", { instanceId: live.id, error: "the hub could not be read to learn whether the earlier instance arrived" })
    }
    await hubModule.updateHubSacInstances({
      id: live.id,
      ...(found ? { state: "sent", hub_instance: found, hub_status: found.status, error: null } : { state: "failed", error: "not among the hub's instances after its answer was lost" }),
    })
    live = found ? ({ ...live, state: "sent", hub_instance: found } as InstanceRow) : undefined
  }
  if (live) {
    if (live.action !== action) return outcome("busy", { instanceId: live.id, error: `the ticket has a ${live.action} instance already` })
    return taken(live, live.hub_instance)
  }

  let claimed: InstanceRow
  try {
    claimed = (await hubModule.createHubSacInstances({ account: input.account, ticket_code: code, action, order_id: input.orderId, request: input.request as Record<string, unknown>, state: "sending" })) as unknown as InstanceRow
  } catch (error) {
    // The partial unique index (Medusa's mapper words it "... already exists"): another instance of the ticket claimed at this moment.
    if ((error as { code?: string }).code !== "23505" && !/already exists/.test(String((error as { message?: unknown }).message))) throw error
    return outcome("busy", { error: "another instance of the ticket is in flight" })
  }
  let answer: HubSacInstance | null
  try {
    answer = await account.sac.openInstance(code, input.request, account.options.sacReturnInvoiceField)
  } catch (error) {
    const failure = hubOutcome(error)
    if (!failure || failure.kind === "outcome_unknown") {
      await hubModule.updateHubSacInstances({ id: claimed.id, state: "unknown", error: failure?.message ?? null })
      if (!failure) throw error
      return outcome("unknown", { instanceId: claimed.id, error: failure.message })
    }
    const refused = failure.kind === "refused"
    const words = refused ? (failure.hubMessage ?? failure.message) : failure.message
    await hubModule.updateHubSacInstances({ id: claimed.id, state: "failed", error: words })
    return outcome(refused ? "refused" : "not_sent", { instanceId: claimed.id, error: words })
  }
  await hubModule.updateHubSacInstances({ id: claimed.id, state: "sent", hub_instance: answer, hub_status: answer?.status ?? null })
  return outcome("sent", { resent: true, instanceId: claimed.id, hubInstance: answer })
})
