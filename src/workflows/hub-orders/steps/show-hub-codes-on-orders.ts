import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { Modules } from "@medusajs/framework/utils"
import type { IOrderModuleService, UpdateOrderDTO } from "@medusajs/framework/types"
import { isDefaultAccount } from "../../../modules/hub/accounts"

/**
 * The number Medusa's admin shows for a hub order's Medusa order (`custom_display_id`, unique in the
 * store): the hub code, followed by the account when not `default` (`Loja-1 (brand-b)`: two accounts
 * may each have an order of one code), so Medusa's search still finds the code.
 */
export function hubOrderNumber(code: string, account: string): string {
  return !isDefaultAccount(account) ? `${code} (${account})` : code
}

/** `number`: what to show (`hubOrderNumber`). */
export type HubCodeOfOrder = { orderId: string; number: string; customDisplayId?: string | null }

/**
 * Each hub order's code as its new Medusa order's `custom_display_id`, which Medusa's admin shows as
 * the order's number and searches (the order model marks it searchable): a merchant finds a
 * marketplace order by the code the marketplace shows. Left alone when the store numbers its orders
 * itself (the order module's `generateCustomDisplayId` gave it one at creation). `updateOrders`
 * writes the field; its type does not name it.
 */
export const showHubCodesOnOrdersStep = createStep(
  "show-hub-codes-on-orders",
  async (orders: HubCodeOfOrder[], { container }) => {
    const unnumbered = orders.filter((order) => !order.customDisplayId)
    if (!unnumbered.length) return new StepResponse(undefined, [] as string[])
    const orderModule: IOrderModuleService = container.resolve(Modules.ORDER)
    await orderModule.updateOrders(unnumbered.map((order) => ({ id: order.orderId, custom_display_id: order.number }) as UpdateOrderDTO & { id: string }))
    return new StepResponse(undefined, unnumbered.map((order) => order.orderId))
  },
  async (orderIds, { container }) => {
    if (!orderIds?.length) return
    const orderModule: IOrderModuleService = container.resolve(Modules.ORDER)
    await orderModule.updateOrders(orderIds.map((id) => ({ id, custom_display_id: null }) as unknown as UpdateOrderDTO & { id: string }))
  }
)
