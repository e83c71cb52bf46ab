import { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { SeedProduct, seedStore } from "../../src/scripts/seed-store"

/**
 * `medusa exec integration-tests/helpers/seed-store-script.ts` with HUB_SEED_PRODUCTS (a JSON
 * array of { sku, stocked, price? }): the store of store-processes.ts, written by a process of
 * its own before any Medusa process starts, as a merchant's script or ERP import would.
 */
export default async function seedStoreScript({ container }: ExecArgs) {
  const products = JSON.parse(process.env.HUB_SEED_PRODUCTS ?? "[]") as SeedProduct[]
  const store = await seedStore(container, { products })
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .info(`seed: region ${store.region.id}, stock location ${store.stockLocation.id}, ${products.length} products`)
}
