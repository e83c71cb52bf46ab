import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { catalogueFigures } from "../catalogue/figures"
import type { GetHubCatalogue } from "../catalogue/validators"

/** The route's name before 0.4, answering as GET /admin/hub/catalogue (its figures under the old key `stock`) until the next minor version. */
export async function GET(req: MedusaRequest<unknown, GetHubCatalogue>, res: MedusaResponse) {
  const { figures, accounts } = await catalogueFigures(req)
  res.json({ stock: figures, accounts })
}
