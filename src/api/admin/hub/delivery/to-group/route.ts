import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { DELIVERY_PAGE_SIZE } from "../../../../../hub-client"
import { HUB_MODULE } from "../../../../../modules/hub"
import type HubModuleService from "../../../../../modules/hub/service"
import { answerHubRead } from "../answer"
import { withStoreOrders } from "../store-orders"

type Query = { account: string; page: number }

/** A page of the account's orders whose labels are ready to group into a PLP, as the hub pages them, with their Medusa orders. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { account, page } = req.validatedQuery as Query
  const { delivery } = hubModule.account(account)
  await answerHubRead(res, async () => {
    const orders = await delivery.ordersToGroup(page)
    return { orders: await withStoreOrders(hubModule, account, orders), page, next_page: orders.length >= DELIVERY_PAGE_SIZE ? page + 1 : null }
  })
}
