import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { HubAccountQuery } from "../../../account-query"
import { publicationAsk } from "../ask"

/** *Publish now* on one account's hub (`?account=`, `default` unless named): the product is looked at at once; a body the hub refused goes once more. */
export async function POST(req: MedusaRequest<unknown, HubAccountQuery>, res: MedusaResponse) {
  const { account } = req.validatedQuery as HubAccountQuery
  res.status(202).json({ product: await publicationAsk(req.scope, account, req.params.id, { publishNow: true }) })
}
