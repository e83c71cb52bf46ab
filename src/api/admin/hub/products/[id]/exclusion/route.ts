import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { HubAccountQuery } from "../../../account-query"
import { publicationAsk } from "../ask"
import type { PostHubProductExclusion } from "../../validators"

/** Keeps one product off one account's hub (`{excluded: true}`; `?account=`, `default` unless named), or lets it be published there again (`false`). */
export async function POST(req: MedusaRequest<PostHubProductExclusion, HubAccountQuery>, res: MedusaResponse) {
  const { account } = req.validatedQuery as HubAccountQuery
  res.json({ product: await publicationAsk(req.scope, account, req.params.id, { excluded: req.validatedBody.excluded }) })
}
