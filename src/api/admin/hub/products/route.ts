import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { rateLimitOf, DEFAULT_RATE_LIMITS } from "../../../../hub-client"
import { HUB_MODULE } from "../../../../modules/hub"
import type HubModuleService from "../../../../modules/hub/service"
import { hubProductsView } from "./view"
import type { GetHubProducts } from "./validators"

/**
 * Products and their publication to one hub account (`?account=`, `default` unless named; its option
 * `publishProducts`): each with its hub SKU, state, problems and the hub's words; the counts per state
 * and the first publication's progress at that account's `POST /products` limit.
 */
export async function GET(req: MedusaRequest<unknown, GetHubProducts>, res: MedusaResponse) {
  const hubModule: HubModuleService = req.scope.resolve(HUB_MODULE)
  const { account: accountId, state, product_id, limit, offset } = req.validatedQuery as GetHubProducts
  // An unknown account is refused here, a 400 naming it.
  const { id: account, options } = hubModule.account(accountId)
  const { publications } = hubModule.account(account).records
  const [{ rows, count }, counts] = await Promise.all([
    publications.page({ states: state === undefined ? undefined : [state].flat(), productId: product_id, limit, offset }),
    publications.counts(),
  ])
  const { limit: perWindow, windowMs } = rateLimitOf("POST /products", { ...DEFAULT_RATE_LIMITS, ...options.rateLimits })
  const total = Object.values(counts.byState).reduce((sum, n) => sum + n, 0) - counts.byState.excluded
  res.json({
    account,
    accounts: hubModule.accountIds,
    publish_products: options.publishProducts,
    products: await hubProductsView(req.scope, rows),
    count,
    limit,
    offset,
    counts: counts.byState,
    progress: {
      total,
      done: total - counts.byState.pending,
      due: counts.due,
      // At the `POST /products` limit: one create per product (a read before it goes at the GET limit, beside it).
      seconds_left: Math.ceil((counts.due * windowMs) / 1000 / Math.max(1, perWindow)),
    },
  })
}
