import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { Modules } from "@medusajs/framework/utils"
import type { IOrderModuleService, UpdateOrderDTO } from "@medusajs/framework/types"

/**
 * The hub order's code as the Medusa order's `custom_display_id`, which Medusa's admin shows as the
 * order's number and searches (the order model marks it searchable): a merchant finds a marketplace
 * order by the code the marketplace shows. Left alone when the store numbers its orders itself (the
 * order module's `generateCustomDisplayId`). `updateOrders` writes the field; its type does not name it.
 */
export const showHubCodeOnOrderStep = createStep(
  "show-hub-code-on-order",
  async ({ orderId, code }: { orderId: string; code: string }, { container }) => {
    const orderModule: IOrderModuleService = container.resolve(Modules.ORDER)
    const order = await orderModule.retrieveOrder(orderId, { select: ["id", "custom_display_id"] })
    if (order.custom_display_id) return new StepResponse(undefined, null)
    await orderModule.updateOrders(orderId, { custom_display_id: code } as UpdateOrderDTO)
    return new StepResponse(undefined, orderId)
  },
  async (orderId, { container }) => {
    if (!orderId) return
    await container.resolve(Modules.ORDER).updateOrders(orderId, { custom_display_id: null } as unknown as UpdateOrderDTO)
  }
)
