import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { publicationAsk } from "../ask"
import type { PostHubProductExclusion } from "../../validators"

/** Keeps one product off the hub (`{excluded: true}`), or lets it be published again (`false`). */
export async function POST(req: MedusaRequest<PostHubProductExclusion>, res: MedusaResponse) {
  res.json({ product: await publicationAsk(req.scope, req.params.id, { excluded: req.validatedBody.excluded }) })
}
