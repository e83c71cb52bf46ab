import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MatchedVariant } from "../mapping/hub-order"

/** The store's variants for the SKUs a hub order sells, by SKU. */
export async function variantsBySku(container: MedusaContainer, skus: string[]): Promise<Map<string, MatchedVariant>> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "product_variant",
    fields: ["id", "sku", "title", "product_id", "product.title"],
    filters: { sku: [...new Set(skus)] },
  })
  return new Map(
    data.map((variant) => [
      variant.sku as string,
      {
        id: variant.id,
        sku: variant.sku as string,
        title: variant.title as string,
        product_id: variant.product_id as string,
        product_title: (variant.product?.title ?? variant.title) as string,
      },
    ])
  )
}
