import type { IOrderModuleService, UpdateOrderDTO } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { hubOutcome } from "../../../hub-client"
import { hubShippingAddressOf } from "../../../mapping/hub-order"
import { HUB_MODULE } from "../../../modules/hub"
import { accountInLog } from "../../../modules/hub/accounts"
import type HubModuleService from "../../../modules/hub/service"

/**
 * The hub's shipping address set on a Medusa order imported without one (an order awaiting payment may
 * carry none yet: docs/orders.md). Only such an order costs a read of the hub's order (`GET
 * /orders/{code}`): the listing's copy of a followed order keeps no address. An order that has one is
 * left as it is (the merchant may have corrected it); a hub that does not answer leaves it for the next
 * follow. Run under the order's lock (follow-hub-order). Undone by taking the address off again.
 */
export const fillHubOrderShippingAddressStep = createStep(
  "fill-hub-order-shipping-address",
  async (input: { orderId: string; account: string; code: string }, { container }) => {
    const orderModule: IOrderModuleService = container.resolve(Modules.ORDER)
    const order = await orderModule.retrieveOrder(input.orderId, { select: ["id"], relations: ["shipping_address"] })
    if (order.shipping_address) return new StepResponse(false, null)
    const hubModule: HubModuleService = container.resolve(HUB_MODULE)
    let address: ReturnType<typeof hubShippingAddressOf>
    try {
      address = hubShippingAddressOf(await hubModule.account(input.account).orders.get(input.code))
    } catch (error) {
      const outcome = hubOutcome(error)
      if (!outcome) throw error
      container.resolve(ContainerRegistrationKeys.LOGGER).warn(`${accountInLog(input.account)} order ${input.code}: its shipping address was not read (${outcome.message}); read again when it is followed next`)
      return new StepResponse(false, null)
    }
    if (!address) return new StepResponse(false, null)
    await orderModule.updateOrders([{ id: input.orderId, shipping_address: address }])
    return new StepResponse(true, input.orderId)
  },
  async (orderId, { container }) => {
    if (!orderId) return
    const orderModule: IOrderModuleService = container.resolve(Modules.ORDER)
    // `shipping_address_id` is a column of the order the update's type does not name.
    await orderModule.updateOrders([{ id: orderId, shipping_address_id: null } as UpdateOrderDTO & { id: string }])
  }
)
