import {
  createInventoryLevelsWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
  updateStoresWorkflow,
} from "@medusajs/core-flows"
import { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

/**
 * One product of one variant. The optional fields are what publishing it to the hub needs
 * (docs/catalogue.md, *Publishing products*): left out, the product is sold but not publishable.
 */
export type SeedProduct = {
  sku: string
  stocked: number
  price?: number
  title?: string
  description?: string
  /** Grams and centimetres, Medusa's units as the plugin reads them by default. */
  weight?: number
  dimensions?: { height: number; width: number; length: number }
  images?: string[]
  metadata?: Record<string, unknown>
  /** Medusa categories the product is in, given at its creation (one event, as any new product's). */
  categoryIds?: string[]
}

/**
 * A store ready to take hub orders, built the way a merchant's would be (the Medusa starter's
 * seed): a BRL region for Brazil, the default sales channel, a stock location serving it with a
 * manual shipping option, and one product per SKU with managed inventory stocked there.
 *
 * Used by the integration tests (integration-tests/helpers/store.ts re-exports it) and by the
 * demo's seed (seed-demo.ts). Not idempotent: it creates everything each time it is called.
 */
/** The store's one shipping option: the tests' costs nothing (the marketplace's shipping cost is the order's); the demo's has a price, so its freight quotes show one. */
type SeedShipping = { name: string; amount: number }

export async function seedStore(container: MedusaContainer, { products, shipping = { name: "Marketplace", amount: 0 } }: { products: SeedProduct[]; shipping?: SeedShipping }) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  const fulfillmentModule = container.resolve(Modules.FULFILLMENT)

  const {
    data: [store],
  } = await query.graph({ entity: "store", fields: ["id", "default_sales_channel_id"] })
  const salesChannelId = store.default_sales_channel_id as string

  const { result: regions } = await createRegionsWorkflow(container).run({
    input: { regions: [{ name: "Brasil", currency_code: "brl", countries: ["br"], payment_providers: ["pp_system_default"] }] },
  })
  const region = regions[0]
  await updateStoresWorkflow(container).run({
    input: {
      selector: { id: store.id },
      update: { default_region_id: region.id, supported_currencies: [{ currency_code: "brl", is_default: true }] },
    },
  })

  const { result: stockLocations } = await createStockLocationsWorkflow(container).run({
    input: { locations: [{ name: "Centro de distribuição", address: { address_1: "Rua do Estoque 1", city: "São Paulo", country_code: "BR" } }] },
  })
  const stockLocation = stockLocations[0]
  await linkSalesChannelsToStockLocationWorkflow(container).run({ input: { id: stockLocation.id, add: [salesChannelId] } })
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: stockLocation.id },
    [Modules.FULFILLMENT]: { fulfillment_provider_id: "manual_manual" },
  })

  const { result: profiles } = await createShippingProfilesWorkflow(container).run({
    input: { data: [{ name: "Padrão", type: "default" }] },
  })
  const fulfillmentSet = await fulfillmentModule.createFulfillmentSets({
    name: "Entregas Brasil",
    type: "shipping",
    service_zones: [{ name: "Brasil", geo_zones: [{ country_code: "br", type: "country" }] }],
  })
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: stockLocation.id },
    [Modules.FULFILLMENT]: { fulfillment_set_id: fulfillmentSet.id },
  })
  const { result: shippingOptions } = await createShippingOptionsWorkflow(container).run({
    input: [
      {
        name: shipping.name,
        price_type: "flat",
        provider_id: "manual_manual",
        service_zone_id: fulfillmentSet.service_zones[0].id,
        shipping_profile_id: profiles[0].id,
        type: { label: "Marketplace", description: "Shipping chosen on the marketplace", code: "marketplace" },
        prices: [{ currency_code: "brl", amount: shipping.amount }],
        rules: [],
      },
    ],
  })

  const { result: createdProducts } = await createProductsWorkflow(container).run({
    input: {
      products: products.map(({ sku, price = 100, title, description, weight, dimensions, images, metadata, categoryIds }) => ({
        title: title ?? `Produto ${sku}`,
        ...(description ? { description } : {}),
        ...(weight !== undefined ? { weight } : {}),
        ...(dimensions ?? {}),
        ...(images ? { images: images.map((url) => ({ url })), thumbnail: images[0] } : {}),
        ...(metadata ? { metadata } : {}),
        ...(categoryIds?.length ? { category_ids: categoryIds } : {}),
        status: "published" as const,
        shipping_profile_id: profiles[0].id,
        options: [{ title: "Tamanho", values: ["Único"] }],
        sales_channels: [{ id: salesChannelId }],
        variants: [{ title: sku, sku, manage_inventory: true, options: { Tamanho: "Único" }, prices: [{ currency_code: "brl", amount: price }] }],
      })),
    },
  })

  const { data: variants } = await query.graph({
    entity: "product_variant",
    fields: ["id", "sku", "product_id", "inventory_items.inventory_item_id"],
    filters: { id: createdProducts.flatMap((product) => product.variants.map((variant) => variant.id)) },
  })
  const variantsBySku = Object.fromEntries(variants.map((variant) => [variant.sku as string, variant]))
  const inventoryItemsBySku = Object.fromEntries(
    variants.map((variant) => [variant.sku as string, variant.inventory_items![0]!.inventory_item_id as string])
  )
  await createInventoryLevelsWorkflow(container).run({
    input: {
      inventory_levels: products.map(({ sku, stocked }) => ({
        inventory_item_id: inventoryItemsBySku[sku],
        location_id: stockLocation.id,
        stocked_quantity: stocked,
      })),
    },
  })

  return {
    salesChannel: { id: salesChannelId },
    region,
    stockLocation,
    shippingOption: shippingOptions[0],
    variantsBySku,
    inventoryItemsBySku,
  }
}
