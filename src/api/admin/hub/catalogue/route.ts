import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { catalogueFigures } from "./figures"
import type { GetHubCatalogue } from "./validators"

/** One hub account's catalogue sync figures (qty and the `catalogueFields`) for the admin page (`?account=`, `default` unless named). */
export async function GET(req: MedusaRequest<unknown, GetHubCatalogue>, res: MedusaResponse) {
  const { figures, accounts } = await catalogueFigures(req)
  res.json({ catalogue: figures, accounts })
}
