import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { Modules } from "@medusajs/framework/utils"
import type { FilterableRefundReasonProps, IPaymentModuleService, UpdatePaymentDTO } from "@medusajs/framework/types"

/** The refund reason of every refund the plugin records for a canceled hub order (Settings > Refund reasons shows it). */
export const HUB_REFUND_REASON = {
  code: "hub_order_canceled",
  label: "Marketplace order canceled",
  description: "The hub order was canceled: the marketplace refunds the buyer what it charged.",
}

/**
 * The hub's payment details (method, instalments, value) kept in the data of the payment Medusa
 * recorded. Medusa's system payment provider keeps no data of its own, and `updatePayment` writes
 * what it is given (its type names only the id, so the data field is added here).
 */
export const keepHubPaymentDataStep = createStep(
  "keep-hub-payment-data",
  async ({ paymentId, data }: { paymentId: string; data: Record<string, unknown> }, { container }) => {
    const paymentModule: IPaymentModuleService = container.resolve(Modules.PAYMENT)
    const before = await paymentModule.retrievePayment(paymentId, { select: ["id", "data"] })
    await paymentModule.updatePayment({ id: paymentId, data: { ...(before.data ?? {}), ...data } } as UpdatePaymentDTO)
    return new StepResponse(undefined, { id: paymentId, data: before.data ?? {} })
  },
  async (before, { container }) => {
    if (!before) return
    const paymentModule: IPaymentModuleService = container.resolve(Modules.PAYMENT)
    await paymentModule.updatePayment(before as UpdatePaymentDTO)
  }
)

/**
 * The plugin's refund reason, created the first time it is needed (under a lock, so two processes
 * make one). No compensation: the reason is shared by every canceled hub order, and an unused one harms nothing.
 */
export const ensureHubRefundReasonStep = createStep("ensure-hub-refund-reason", async (_: void, { container }) => {
  const paymentModule: IPaymentModuleService = container.resolve(Modules.PAYMENT)
  const id = await container.resolve(Modules.LOCKING).execute(`hub:refund-reason`, async () => {
    // The model has a code column; the filter type names only id, label and description.
    const [existing] = await paymentModule.listRefundReasons({ code: HUB_REFUND_REASON.code } as FilterableRefundReasonProps, { take: 1 })
    return (existing ?? (await paymentModule.createRefundReasons(HUB_REFUND_REASON))).id
  })
  return new StepResponse(id)
})

/**
 * The refunds Medusa's cancel made for a canceled hub order, given the plugin's reason and a note. The
 * payment module's generated `updateRefunds` writes them (its interface declares no refund update). No
 * compensation: the refund is Medusa's and stays; only its explanation would be lost.
 */
export const explainHubRefundsStep = createStep(
  "explain-hub-refunds",
  async ({ paymentIds, earlierRefundIds, refundReasonId }: { paymentIds: string[]; earlierRefundIds: string[]; refundReasonId: string }, { container }) => {
    const paymentModule = container.resolve(Modules.PAYMENT) as IPaymentModuleService & {
      updateRefunds(data: Array<{ id: string; refund_reason_id: string; note: string }>): Promise<unknown>
    }
    const refunds = await paymentModule.listRefunds({ payment_id: paymentIds }, { select: ["id", "refund_reason_id"] })
    const unexplained = refunds.filter(
      (refund) => !earlierRefundIds.includes(refund.id) && !(refund as { refund_reason_id?: string | null }).refund_reason_id
    )
    if (unexplained.length) {
      await paymentModule.updateRefunds(unexplained.map((refund) => ({ id: refund.id, refund_reason_id: refundReasonId, note: HUB_REFUND_NOTE })))
    }
    return new StepResponse(unexplained.length)
  }
)

const HUB_REFUND_NOTE = "The hub order was canceled; the marketplace refunds the buyer."
