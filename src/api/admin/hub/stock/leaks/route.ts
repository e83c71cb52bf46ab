import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { leakedReservations } from "../../../../../queries/leaked-reservations"
import { releaseLeakedReservations } from "../../../../../sync/orders/leaked-reservations"

/** Canceled hub orders whose Medusa order still holds reserved stock, with how many units. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json({ leaked_orders: await leakedReservations(req.scope) })
}

/** Releases that stock through Medusa's own cancel and reservation workflows; answers with the codes released. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  res.json({ released: await releaseLeakedReservations(req.scope) })
}
