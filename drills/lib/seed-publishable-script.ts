import { createInventoryLevelsWorkflow, createProductsWorkflow } from "@medusajs/core-flows"
import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { productInput } from "../../integration-tests/helpers/publishable-products"

const BATCH = 50

/**
 * `medusa exec drills/lib/seed-publishable-script.ts` with DRILL_PUBLISH_PRODUCTS=<n>: n publishable
 * products (publishable-products.ts), stocked at the store's stock location, written by a process of
 * its own into a store seed-store-script.ts set up (region, channel, location, shipping profile).
 */
export default async function seedPublishableScript({ container }: ExecArgs) {
  const count = Number(process.env.DRILL_PUBLISH_PRODUCTS ?? 0)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const {
    data: [store],
  } = await query.graph({ entity: "store", fields: ["default_sales_channel_id"] })
  const { data: locations } = await query.graph({ entity: "stock_location", fields: ["id"] })
  const { data: profiles } = await query.graph({ entity: "shipping_profile", fields: ["id"] })
  for (let first = 0; first < count; first += BATCH) {
    const products = Array.from({ length: Math.min(BATCH, count - first) }, (_, offset) => productInput(first + offset, store.default_sales_channel_id as string, profiles[0].id))
    const { result } = await createProductsWorkflow(container).run({ input: { products } })
    const { data: variants } = await query.graph({ entity: "product_variant", fields: ["inventory_items.inventory_item_id"], filters: { product_id: result.map((product) => product.id) } })
    await createInventoryLevelsWorkflow(container).run({
      input: {
        inventory_levels: variants.map((variant: any, index: number) => ({ inventory_item_id: variant.inventory_items[0].inventory_item_id, location_id: locations[0].id, stocked_quantity: 1 + (index % 9) })),
      },
    })
  }
  logger.info(`seed: ${count} publishable products`)
}
