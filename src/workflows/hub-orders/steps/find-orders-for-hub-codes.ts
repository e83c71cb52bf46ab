import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { Modules } from "@medusajs/framework/utils"
import { hubAccountOfMetadata } from "../../../mapping/hub-account-order"

/**
 * The Medusa orders an earlier, interrupted import already created for these hub codes of one account
 * (the code, and the account, are in the order's metadata from its first write), by code, so a retry
 * completes them instead of creating second ones.
 */
export const findOrdersForHubCodesStep = createStep(
  "find-orders-for-hub-codes",
  async ({ account, codes }: { account: string; codes: string[] }, { container }) => {
    const orderModule = container.resolve(Modules.ORDER)
    const orders = await orderModule.listOrders({ metadata: { hub_order_code: codes } } as never, { select: ["id", "metadata"], take: null })
    const byCode: Record<string, string> = {}
    for (const order of orders) {
      if (hubAccountOfMetadata(order.metadata) === account) byCode[String(order.metadata?.hub_order_code)] ??= order.id
    }
    return new StepResponse(byCode)
  }
)
