import type { FilterableRefundReasonProps, IPaymentModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

/**
 * The plugin's refund reason of a ticket's return the merchant chose none for (Settings > Refund reasons
 * shows it): not the canceled order's (hub_order_canceled), which would tell the books a delivered order
 * was canceled.
 */
export const HUB_SAC_RETURN_REFUND_REASON = {
  code: "hub_sac_return",
  label: "Marketplace return",
  description: "The buyer returned goods through the marketplace's customer service; the marketplace refunds them.",
}

/** The plugin's return refund reason, made the first time it is needed (under a lock, so two processes make one). No compensation: shared, and an unused one harms nothing. */
export const ensureSacReturnRefundReasonStep = createStep("ensure-hub-sac-return-refund-reason", async (_: void, { container }) => {
  const paymentModule: IPaymentModuleService = container.resolve(Modules.PAYMENT)
  const id = await container.resolve(Modules.LOCKING).execute(`hub:refund-reason:${HUB_SAC_RETURN_REFUND_REASON.code}`, async () => {
    // The model has a code column; the filter type names only id, label and description.
    const [existing] = await paymentModule.listRefundReasons({ code: HUB_SAC_RETURN_REFUND_REASON.code } as FilterableRefundReasonProps, { take: 1 })
    return (existing ?? (await paymentModule.createRefundReasons(HUB_SAC_RETURN_REFUND_REASON))).id
  })
  return new StepResponse(id)
})
