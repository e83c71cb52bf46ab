import type { DeliveryOrder } from "../../../../hub-client"
import type HubModuleService from "../../../../modules/hub/service"

/** A delivery listing's orders with what the store knows of each: its Medusa order and its hub status. */
export async function withStoreOrders(hubModule: HubModuleService, account: string, orders: DeliveryOrder[]) {
  const records = await hubModule.account(account).records.orders.byCodes(orders.map((order) => order.code))
  const byCode = new Map(records.map((record) => [record.code, record]))
  return orders.map((order) => ({
    code: order.code,
    shipping: order.shipping ?? null,
    order_id: byCode.get(order.code)?.order_id ?? null,
    status_type: byCode.get(order.code)?.status_type ?? null,
  }))
}
