import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { Modules } from "@medusajs/framework/utils"

/**
 * The Medusa order an earlier, interrupted import already created for this hub code (the code
 * is in the order's metadata from its first write), so a retry completes it instead of
 * creating a second one.
 */
export const findOrderForHubCodeStep = createStep("find-order-for-hub-code", async (hubOrderCode: string, { container }) => {
  const orderModule = container.resolve(Modules.ORDER)
  const [order] = await orderModule.listOrders({ metadata: { hub_order_code: hubOrderCode } } as never, { select: ["id"], take: 1 })
  return new StepResponse(order?.id ?? null)
})
