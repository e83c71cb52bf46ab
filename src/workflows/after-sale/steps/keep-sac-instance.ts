import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { HubSacInstance } from "../../../hub-client"
import { HUB_MODULE } from "../../../modules/hub"
import type HubModuleService from "../../../modules/hub/service"

/** Keeps on the ticket's instance Medusa's return or exchange carried out for it, and the refund reason chosen for it (undone with it). */
export const keepSacInstanceMedusaPartStep = createStep(
  "keep-hub-sac-instance-medusa-part",
  async (input: { account: string; instanceId: string; returnId?: string | null; exchangeId?: string | null; refundReasonId?: string | null }, { container }) => {
    const { sac } = container.resolve<HubModuleService>(HUB_MODULE).account(input.account).records
    let returnId = input.returnId ?? null
    if (!returnId && input.exchangeId) {
      // An exchange's lines come back through the return Medusa made for it.
      const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({ entity: "order_exchange", fields: ["return_id"], filters: { id: input.exchangeId } })
      returnId = (data[0] as { return_id?: string | null } | undefined)?.return_id ?? null
    }
    const before = await sac.changeInstance(input.instanceId, {
      ...(returnId ? { return_id: returnId } : {}),
      ...(input.exchangeId ? { exchange_id: input.exchangeId } : {}),
      ...(input.refundReasonId ? { refund_reason_id: input.refundReasonId } : {}),
    })
    if (!before) throw new Error(`the account ${input.account} has no SAC instance ${input.instanceId}`)
    return new StepResponse(undefined, { account: input.account, id: input.instanceId, change: { return_id: before.return_id, exchange_id: before.exchange_id, refund_reason_id: before.refund_reason_id } })
  },
  async (before, { container }) => {
    if (before) await container.resolve<HubModuleService>(HUB_MODULE).account(before.account).records.sac.changeInstance(before.id, before.change)
  }
)

/** The goods of the ticket's return are back in stock: when, and the hub's instance as last read (undone with the receipt). */
export const markSacReturnReceivedStep = createStep(
  "mark-hub-sac-return-received",
  async (input: { account: string; instanceId: string; hubInstance: HubSacInstance | null; refundId?: string | null }, { container }) => {
    const { sac } = container.resolve<HubModuleService>(HUB_MODULE).account(input.account).records
    const before = await sac.changeInstance(input.instanceId, {
      received_at: new Date(),
      ...(input.hubInstance ? { hub_instance: input.hubInstance, hub_status: input.hubInstance.status } : {}),
      ...(input.refundId ? { refund_id: input.refundId } : {}),
    })
    if (!before) throw new Error(`the account ${input.account} has no SAC instance ${input.instanceId}`)
    return new StepResponse(undefined, { account: input.account, id: input.instanceId, change: { received_at: before.received_at, hub_instance: before.hub_instance, hub_status: before.hub_status, refund_id: before.refund_id } })
  },
  async (before, { container }) => {
    if (before) await container.resolve<HubModuleService>(HUB_MODULE).account(before.account).records.sac.changeInstance(before.id, before.change)
  }
)
