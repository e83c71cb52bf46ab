import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { Modules } from "@medusajs/framework/utils"

/**
 * The Medusa orders an earlier, interrupted import already created for these hub codes (the code is
 * in the order's metadata from its first write), by code, so a retry completes them instead of
 * creating second ones.
 */
export const findOrdersForHubCodesStep = createStep("find-orders-for-hub-codes", async (hubOrderCodes: string[], { container }) => {
  const orderModule = container.resolve(Modules.ORDER)
  const orders = await orderModule.listOrders({ metadata: { hub_order_code: hubOrderCodes } } as never, { select: ["id", "metadata"], take: null })
  const byCode: Record<string, string> = {}
  for (const order of orders) byCode[String(order.metadata?.hub_order_code)] ??= order.id
  return new StepResponse(byCode)
})
