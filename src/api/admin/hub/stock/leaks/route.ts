import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { leakedReservations } from "../../../../../queries/leaked-reservations"
import { releaseLeakedReservations } from "../../../../../sync/orders/leaked-reservations"
import { HUB_MODULE } from "../../../../../modules/hub"
import type HubModuleService from "../../../../../modules/hub/service"
import type { HubAccountQuery } from "../../account-query"

/** One account's canceled hub orders (`?account=`) whose Medusa order still holds reserved stock, with how many units. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json({ leaked_orders: await leakedReservations(req.scope, (req.validatedQuery as HubAccountQuery).account) })
}

/** Releases that stock through Medusa's own cancel and reservation workflows; answers with the codes released. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  // An unknown account is refused here, a 400 naming it.
  const account = req.scope.resolve<HubModuleService>(HUB_MODULE).account((req.validatedQuery as HubAccountQuery).account)
  res.json({ released: await releaseLeakedReservations(req.scope, account) })
}
