import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import type { HubPriceRules } from "../../../../mapping/hub-price-rules"

/** Rules that start from a price list name one Medusa has: else a 400 naming the field (the body's shape is checked before). */
export async function assertPriceListExists(scope: MedusaContainer, rules: HubPriceRules): Promise<void> {
  if (rules.source.kind !== "price_list") return
  const found = await scope.resolve(Modules.PRICING).listPriceLists({ id: [rules.source.price_list_id] }, { select: ["id"] })
  if (!found.length) throw new MedusaError(MedusaError.Types.INVALID_DATA, `source.price_list_id: Medusa has no price list ${rules.source.price_list_id}`)
}
