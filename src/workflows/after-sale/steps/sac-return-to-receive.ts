import type { BigNumberInput, FilterableRefundReasonProps } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN, MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { hubOutcome, type HubSacInstance } from "../../../hub-client"
import { HUB_MODULE } from "../../../modules/hub"
import type HubModuleService from "../../../modules/hub/service"

/** A ticket's return whose goods arrived: Medusa's return and its lines, the hub's instance read back, and the refund to record. */
export type SacReturnToReceive = {
  instanceId: string
  orderCode: string
  returnId: string
  items: Array<{ id: string; quantity: number }>
  hubInstance: HubSacInstance | null
  /** The payment the buyer is refunded on and how much: the hub's refund for the instance, at most what the payment has left. */
  refund: { paymentId: string; amount: string } | null
  /** The Medusa refund reason the merchant chose when asking for the return; null (none chosen, or deleted since): the plugin's. */
  refundReasonId: string | null
}

type ReturnRow = { id: string; status: string; refund_amount: BigNumberInput | null; items: Array<{ item_id: string; quantity: BigNumberInput } | null> }
type OrderPayments = { payment_collections?: Array<{ payments?: Array<{ id: string; captures?: Array<{ amount: BigNumberInput }>; refunds?: Array<{ amount: BigNumberInput }> }> }> }

const sum = (amounts: Array<{ amount: BigNumberInput }> | undefined) => (amounts ?? []).reduce((total, { amount }) => MathBN.add(total, amount), MathBN.convert(0))

/**
 * Reads a ticket's return to receive (docs/after-sale.md): the instance the hub took (a return, or an
 * exchange's lines taken back), with Medusa's return requested for it and not received yet; the hub's instance read back (`GET /sac/{code}/instances`:
 * its status and refunds now; the one kept when the hub cannot be read); the refund is what the hub's
 * instance refunds (its refunds' values), or Medusa's own reckoning of the return when the hub gives none,
 * never more than the payment has captured and not refunded. Read only: nothing to compensate.
 */
export const sacReturnToReceiveStep = createStep("hub-sac-return-to-receive", async (input: { account: string; code: string }, { container }) => {
  const hubModule = container.resolve<HubModuleService>(HUB_MODULE)
  const { sac } = hubModule.account(input.account).records
  const instance = (await sac.instancesOf([input.code])).find((row) => (row.action === "RETURN" || row.action === "EXCHANGE") && row.state === "sent")
  if (!instance?.return_id) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `ticket ${input.code} has no return requested in Medusa`)
  if (instance.received_at) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `the return of ticket ${input.code} was received already`)
  const ticket = await sac.ticket(input.code)

  let hubInstance = (instance.hub_instance as HubSacInstance | null) ?? null
  try {
    const instances = await hubModule.account(input.account).sac.instances(input.code)
    hubInstance = instances.find((candidate) => candidate.action === instance.action && (!hubInstance?.id || candidate.id === hubInstance.id)) ?? hubInstance
  } catch (error) {
    if (!hubOutcome(error)) throw error
  }

  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: returns } = await query.graph({ entity: "return", fields: ["id", "status", "refund_amount", "items.item_id", "items.quantity"], filters: { id: instance.return_id } })
  const orderReturn = returns[0] as unknown as ReturnRow | undefined
  if (!orderReturn) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Medusa's return ${instance.return_id} does not exist`)
  const items = orderReturn.items.flatMap((item) => (item ? [{ id: item.item_id, quantity: Number(MathBN.convert(item.quantity).toString()) }] : []))

  const { data: orders } = await query.graph({
    entity: "order",
    fields: ["payment_collections.payments.id", "payment_collections.payments.captures.amount", "payment_collections.payments.refunds.amount"],
    filters: { id: instance.order_id },
  })
  const payments = ((orders[0] as unknown as OrderPayments | undefined)?.payment_collections ?? []).flatMap((collection) => collection.payments ?? [])
  const payment = payments.map((candidate) => ({ id: candidate.id, left: MathBN.sub(sum(candidate.captures), sum(candidate.refunds)) })).find((candidate) => MathBN.gt(candidate.left, 0))
  const hubRefund = (hubInstance?.refunds ?? []).reduce((total, refund) => (refund.value ? MathBN.add(total, refund.value) : total), MathBN.convert(0))
  // An exchange's goods are settled by the exchange itself: refunded only when the hub's instance refunds something.
  const wanted = MathBN.gt(hubRefund, 0) ? hubRefund : MathBN.convert(instance.action === "RETURN" ? (orderReturn.refund_amount ?? 0) : 0)
  const amount = payment ? MathBN.min(wanted, payment.left) : MathBN.convert(0)
  const refund = payment && MathBN.gt(amount, 0) ? { paymentId: payment.id, amount: amount.toString() } : null

  const chosen = instance.refund_reason_id
    ? (await container.resolve(Modules.PAYMENT).listRefundReasons({ id: instance.refund_reason_id } as FilterableRefundReasonProps, { take: 1 }))[0]
    : undefined
  const found: SacReturnToReceive = { instanceId: instance.id, orderCode: ticket?.order_code ?? "", returnId: instance.return_id, items, hubInstance, refund, refundReasonId: chosen?.id ?? null }
  return new StepResponse(found)
})

/**
 * The refund Medusa just recorded for a ticket's return: the payment's newest refund with the ticket's
 * note (under the hub order's lock, nothing else of the plugin refunds it meanwhile). Read only.
 */
export const sacReturnRefundStep = createStep("hub-sac-return-refund", async (input: { paymentId: string; note: string }, { container }) => {
  const refunds = await container.resolve(Modules.PAYMENT).listRefunds({ payment_id: input.paymentId }, { select: ["id", "note", "created_at"], order: { created_at: "DESC" }, take: 10 })
  return new StepResponse((refunds as Array<{ id: string; note?: string | null }>).find((refund) => refund.note === input.note)?.id ?? null)
})
