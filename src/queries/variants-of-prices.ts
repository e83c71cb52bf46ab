import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

/**
 * The variants whose prices these prices or price lists set: a price's price set is a variant's
 * (link `product_variant_price_set`). Deleted prices and lists are read too, so a deletion's event
 * still finds the variants whose price it changed.
 */
export async function variantsOfPrices(container: MedusaContainer, { priceIds = [], priceListIds = [] }: { priceIds?: string[]; priceListIds?: string[] }): Promise<string[]> {
  if (!priceIds.length && !priceListIds.length) return []
  const pricing = container.resolve(Modules.PRICING)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const [byId, byList] = await Promise.all([
    priceIds.length ? pricing.listPrices({ id: priceIds }, { select: ["id", "price_set_id"], withDeleted: true }) : [],
    priceListIds.length ? pricing.listPrices({ price_list_id: priceListIds }, { select: ["id", "price_set_id"], withDeleted: true, take: null }) : [],
  ])
  const priceSetIds = [...new Set([...byId, ...byList].flatMap((price) => (price.price_set_id ? [price.price_set_id] : [])))]
  if (!priceSetIds.length) return []
  const { data: links } = await query.graph({ entity: "product_variant_price_set", fields: ["variant_id"], filters: { price_set_id: priceSetIds } })
  return [...new Set(links.map((link: { variant_id: string }) => link.variant_id))]
}
