import { createInventoryLevelsWorkflow, createProductsWorkflow, updateProductsWorkflow } from "@medusajs/core-flows"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

export type NewVariant = { sku: string; stocked: number; price?: number; options?: Record<string, string>; weight?: number; ean?: string }
export type NewProduct = {
  title: string
  handle?: string
  description?: string
  status?: "published" | "draft"
  weight?: number
  options?: Array<{ title: string; values: string[] }>
  variants: NewVariant[]
  metadata?: Record<string, unknown>
  category_ids?: string[]
  images?: Array<{ url: string }>
}

/**
 * A product as a merchant fills it in for the hub (every field the hub takes, measures in g and cm):
 * made as a draft, stocked at `stockLocationId`, then given its status, so nothing reads it before
 * its stock is there. Returns its id.
 */
export async function createHubProduct(
  container: MedusaContainer,
  where: { salesChannelId: string; stockLocationId: string },
  product: NewProduct
): Promise<string> {
  const { result } = await createProductsWorkflow(container).run({
    input: {
      products: [
        {
          title: product.title,
          handle: product.handle,
          description: product.description ?? "<p>Feito à mão.</p>",
          status: "draft",
          weight: product.weight ?? 1234,
          height: 10,
          width: 20.5,
          length: 30,
          material: "Algodão",
          origin_country: "br",
          hs_code: "6109.10.00",
          metadata: { brand: "Acme", ...product.metadata },
          images: product.images ?? [{ url: "https://cdn.example.com/a.jpg" }, { url: "http://cdn.example.com/insecure.jpg" }, { url: "https://cdn.example.com/b.jpg" }],
          category_ids: product.category_ids,
          options: product.options ?? [{ title: "Tamanho", values: ["Único"] }],
          sales_channels: [{ id: where.salesChannelId }],
          variants: product.variants.map((variant) => ({
            title: variant.sku,
            sku: variant.sku,
            ean: variant.ean,
            weight: variant.weight,
            manage_inventory: true,
            options: variant.options ?? { Tamanho: "Único" },
            prices: [{ currency_code: "brl", amount: variant.price ?? 79.9 }],
          })),
        },
      ],
    },
  })
  const created = result[0]
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: variants } = await query.graph({ entity: "product_variant", fields: ["sku", "inventory_items.inventory_item_id"], filters: { product_id: created.id } })
  await createInventoryLevelsWorkflow(container).run({
    input: {
      inventory_levels: variants.map((variant: any) => ({
        inventory_item_id: variant.inventory_items[0].inventory_item_id,
        location_id: where.stockLocationId,
        stocked_quantity: product.variants.find((wanted) => wanted.sku === variant.sku)!.stocked,
      })),
    },
  })
  if (product.status !== "draft") await updateProductsWorkflow(container).run({ input: { selector: { id: created.id }, update: { status: "published" } } })
  return created.id
}
