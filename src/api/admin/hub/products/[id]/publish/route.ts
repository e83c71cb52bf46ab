import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { publicationAsk } from "../ask"

/** *Publish now*: the product is looked at at once; a body the hub refused goes once more. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  res.status(202).json({ product: await publicationAsk(req.scope, req.params.id, { publishNow: true }) })
}
