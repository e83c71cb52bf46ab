import { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { SeedProduct, seedStore } from "./seed-store"

/** The demo store's products; `npm run demo` offers the same SKUs on the sandbox hub. */
const DEMO_PRODUCTS: SeedProduct[] = [
  { sku: "CAMISETA-AZUL-M", stocked: 120, price: 79.9 },
  { sku: "CANECA-CERAMICA-300", stocked: 80, price: 39.9 },
  { sku: "BONE-ABA-CURVA", stocked: 60, price: 59.9 },
  { sku: "MOCHILA-URBANA-20L", stocked: 40, price: 189.9 },
  { sku: "GARRAFA-TERMICA-1L", stocked: 50, price: 119.9 },
]

/**
 * `npx medusa exec ./src/scripts/seed-demo.ts`: seeds the demo store (scripts/demo.js) once: a
 * BRL region for Brazil, the default sales channel, a stock location with a manual shipping
 * option and DEMO_PRODUCTS in stock. A store that already has a region is left as it is.
 */
export default async function seedDemo({ container }: ExecArgs) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)

  const { data: regions } = await query.graph({ entity: "region", fields: ["id", "name"], pagination: { take: 1 } })
  if (regions.length) {
    logger.info(`demo seed: the store already has a region (${regions[0].name}); nothing to seed`)
    return
  }

  const store = await seedStore(container, { products: DEMO_PRODUCTS })
  logger.info(
    `demo seed: region ${store.region.id} (BRL), sales channel ${store.salesChannel.id}, ` +
      `stock location ${store.stockLocation.id}, shipping option ${store.shippingOption.id}, ` +
      `${DEMO_PRODUCTS.length} products (${DEMO_PRODUCTS.map((product) => product.sku).join(", ")})`
  )
}
