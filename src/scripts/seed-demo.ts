import { createInventoryLevelsWorkflow, createProductCategoriesWorkflow, createStockLocationsWorkflow, linkSalesChannelsToStockLocationWorkflow } from "@medusajs/core-flows"
import { ExecArgs, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { HUB_MODULE } from "../modules/hub"
import type HubModuleService from "../modules/hub/service"
import { saveHubWarehousesWorkflow } from "../workflows/catalogue/save-hub-warehouses"
import { rotateFreightTokenWorkflow } from "../workflows/freight"
import { SeedProduct, seedStore } from "./seed-store"

const IMAGES = "https://medusa-public-images.s3.eu-west-1.amazonaws.com"

/**
 * Everything publishing needs (docs/catalogue.md, *Publishing products*): a title and a description in
 * plain text as a shop writes them (the hub shows the text as given: no HTML), grams and centimetres.
 */
const publishable = (title: string, description: string, image: string, weight?: number) => ({
  title,
  description,
  weight,
  dimensions: { height: 10, width: 20, length: 30 },
  images: [`${IMAGES}/${image}`],
})

/** The demo store's products; `npm run demo` offers the same SKUs on the sandbox hub. */
export const DEMO_PRODUCTS: SeedProduct[] = [
  {
    sku: "CAMISETA-AZUL-M",
    stocked: 120,
    price: 79.9,
    ...publishable("Camiseta básica de algodão, M", "Camiseta de malha 100% algodão penteado, gola careca, preta com estampa frontal. Tamanho M: 72 cm de comprimento, 52 cm de largura.", "tee-black-front.png", 180),
  },
  {
    sku: "CANECA-CERAMICA-300",
    stocked: 80,
    price: 39.9,
    ...publishable("Caneca de cerâmica 300 ml", "Caneca de cerâmica esmaltada, branca, para café ou chá. 300 ml; pode ir ao micro-ondas e à lava-louças.", "coffee-mug.png", 350),
  },
  {
    sku: "MOLETOM-VINTAGE-M",
    stocked: 60,
    price: 159.9,
    ...publishable("Moletom vintage com capuz, M", "Moletom de algodão e poliéster com capuz, bolso canguru e punhos canelados, cor creme com estampa vintage. Tamanho M.", "sweatshirt-vintage-front.png", 650),
  },
  {
    sku: "CALCA-MOLETOM-CINZA-M",
    stocked: 40,
    price: 129.9,
    ...publishable("Calça de moletom cinza, M", "Calça de moletom felpado, cinza mescla, com cordão no cós, bolsos laterais e punho na barra. Tamanho M.", "sweatpants-gray-front.png", 520),
  },
  {
    sku: "BERMUDA-VINTAGE-M",
    stocked: 50,
    price: 99.9,
    ...publishable("Bermuda de moletom vintage, M", "Bermuda de moletom leve com cós de elástico e cordão, bolsos laterais, cor creme. Tamanho M.", "shorts-vintage-front.png", 300),
  },
  // New in the store, not on the hub yet (scripts/demo.js leaves it off the sandbox): its publication
  // finds no weight, so the merchant sees the problem on its page; once weighed, it is created on the hub.
  {
    sku: "CANECA-ESMALTADA-350",
    stocked: 30,
    price: 49.9,
    ...publishable("Caneca esmaltada 350 ml", "Caneca de metal esmaltado, branca com borda azul, leve e resistente para o camping. 350 ml.", "coffee-mug.png"),
    metadata: { hub_demo_new: true },
  },
]

/** The demo store's delivery for all of Brazil, at the shipping cost its sandbox orders carry. */
const DEMO_SHIPPING = { name: "Entrega padrão", amount: 15.9 }

/**
 * `npx medusa exec ./src/scripts/seed-demo.ts`: seeds the demo store (scripts/demo.js) once: a
 * BRL region for Brazil, the default sales channel, a stock location with a manual shipping
 * option at R$ 15,90, DEMO_PRODUCTS in stock (one of them new, not on the sandbox hub yet) and DEMO_CATEGORIES,
 * Canecas mapped to the hub's; a second location mapped to the hub's CD 01 (DEMO_WAREHOUSE). A store that already has a region is left as it is.
 */
export default async function seedDemo({ container }: ExecArgs) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)

  const { data: regions } = await query.graph({ entity: "region", fields: ["id", "name"], pagination: { take: 1 } })
  if (regions.length) {
    logger.info(`demo seed: the store already has a region (${regions[0].name}); nothing to seed but added accounts' channels`)
  } else {
    // The categories first, so each product is created in its own: a product updated afterwards would be
    // published from this process before the demo's sandbox holds its SKU (created there, not linked).
    const categories = await seedCategories(container)
    // Mapped before any product exists: saving a mapping makes every product already held due again.
    await mapCategory(container, categories.ids)
    const products = DEMO_PRODUCTS.map((product) => ({ ...product, categoryIds: [categories.bySku.get(product.sku)!].filter(Boolean) }))
    // Its one shipping option priced as the demo's orders' shipping (scripts/demo-hubs.js): Try a quote shows R$ 15,90.
    const store = await seedStore(container, { products, shipping: DEMO_SHIPPING })
    logger.info(
      `demo seed: region ${store.region.id} (BRL), sales channel ${store.salesChannel.id}, ` +
        `stock location ${store.stockLocation.id}, shipping option ${store.shippingOption.id}, ` +
        `${DEMO_PRODUCTS.length} products (${DEMO_PRODUCTS.map((product) => product.sku).join(", ")})`
    )
    await seedWarehouse(container, store)
  }
  await seedAddedAccounts(container)
  // The demo answers the hub's freight quotes (HUB_FREIGHT in scripts/demo.js): the default account's URL token.
  if (!(await container.resolve<HubModuleService>(HUB_MODULE).account("default").records.freight.token())) await rotateFreightTokenWorkflow(container).run({ input: { account: "default" } })
}

/** The demo's Medusa categories and the SKUs in each: Casa > Canecas is mapped to the hub's Canecas (nothing required), the others are for the merchant to map. */
const DEMO_CATEGORIES: Array<{ name: string; skus: string[]; children?: Array<{ name: string; skus: string[] }> }> = [
  { name: "Vestuário", skus: ["CAMISETA-AZUL-M", "MOLETOM-VINTAGE-M"], children: [{ name: "Moletom", skus: ["CALCA-MOLETOM-CINZA-M", "BERMUDA-VINTAGE-M"] }] },
  { name: "Casa", skus: [], children: [{ name: "Canecas", skus: ["CANECA-CERAMICA-300", "CANECA-ESMALTADA-350"] }] },
]
/** The sandbox category service's Canecas (src/sandbox/category-service.ts): one optional attribute, nothing required. */
const MAPPED_CATEGORY = { medusa: "Canecas", hub_category: { id: "3001", name: "Canecas", ean_required: false, attributes: [] } }

/** DEMO_CATEGORIES, before the products: their ids by name, and each SKU's category. */
async function seedCategories(container: MedusaContainer): Promise<{ ids: Map<string, string>; bySku: Map<string, string> }> {
  const ids = new Map<string, string>()
  const bySku = new Map<string, string>()
  const create = async (name: string, parentId: string | null, skus: string[]) => {
    const { result } = await createProductCategoriesWorkflow(container).run({ input: { product_categories: [{ name, is_active: true, parent_category_id: parentId }] } })
    ids.set(name, result[0].id)
    for (const sku of skus) bySku.set(sku, result[0].id)
    return result[0].id
  }
  for (const { name, skus, children = [] } of DEMO_CATEGORIES) {
    const parentId = await create(name, null, skus)
    for (const child of children) await create(child.name, parentId, child.skus)
  }
  return { ids, bySku }
}

/** The default account's mapping: Canecas to the hub's (its other fields as its options say). */
async function mapCategory(container: MedusaContainer, ids: Map<string, string>) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const hubModule: HubModuleService = container.resolve(HUB_MODULE)
  const { saved: _saved, ...mapping } = await hubModule.account("default").records.settings.fieldMapping()
  await hubModule.account("default").records.settings.saveFieldMapping({ ...mapping, categories: [{ category_id: ids.get(MAPPED_CATEGORY.medusa)!, hub_category: MAPPED_CATEGORY.hub_category }] })
  logger.info(`demo seed: categories ${[...ids.keys()].join(", ")}; ${MAPPED_CATEGORY.medusa} mapped to the hub's ${MAPPED_CATEGORY.hub_category.name}`)
}

/** The demo's second warehouse: a stock location in Rio, the hub's CD 01, holding some of the catalogue (scripts/demo-hubs.js sells a line from it). */
export const DEMO_WAREHOUSE = { code: "01", name: "CD Rio de Janeiro", stocked: { "CAMISETA-AZUL-M": 30, "CANECA-CERAMICA-300": 20 } as Record<string, number> }

/**
 * DEMO_WAREHOUSE: the location, serving the default sales channel, the default account's mapping of it
 * to CD 01, saved as the merchant saves it in Settings → Marketplace hub (its workflow), and its stock.
 */
async function seedWarehouse(container: MedusaContainer, store: Awaited<ReturnType<typeof seedStore>>) {
  const { result: locations } = await createStockLocationsWorkflow(container).run({
    input: { locations: [{ name: DEMO_WAREHOUSE.name, address: { address_1: "Avenida Brasil 500", city: "Rio de Janeiro", country_code: "BR" } }] },
  })
  const locationId = locations[0].id
  await linkSalesChannelsToStockLocationWorkflow(container).run({ input: { id: locationId, add: [store.salesChannel.id] } })
  // Mapped before it holds stock: its levels' events queue CD 01's quantities, never the default CD's.
  await saveHubWarehousesWorkflow(container).run({ input: { account: "default", warehouses: [{ code: DEMO_WAREHOUSE.code, stockLocationId: locationId }] } })
  await createInventoryLevelsWorkflow(container).run({
    input: {
      inventory_levels: Object.entries(DEMO_WAREHOUSE.stocked).map(([sku, stocked]) => ({ inventory_item_id: store.inventoryItemsBySku[sku], location_id: locationId, stocked_quantity: stocked })),
    },
  })
  container.resolve(ContainerRegistrationKeys.LOGGER).info(`demo seed: stock location ${locationId} (${DEMO_WAREHOUSE.name}) mapped to the hub's CD ${DEMO_WAREHOUSE.code}`)
}

/** What each added hub account's channel sells (`HUB_DEMO_ACCOUNTS=2`), and how many units its own location holds. */
const ACCOUNT_SKUS = ["CAMISETA-AZUL-M", "CANECA-CERAMICA-300", "BONE-ABA-CURVA"]
const ACCOUNT_STOCKED = 25

/**
 * Each hub account of the plugin's option `accounts` whose sales channel the store lacks (the demo's
 * brand B, scripts/demo-hubs.js): that channel (with the id the account names), a stock location
 * of its own serving it, and ACCOUNT_SKUS sold there with ACCOUNT_STOCKED units each. Once per account.
 */
async function seedAddedAccounts(container: MedusaContainer) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const hubModule: HubModuleService = container.resolve(HUB_MODULE)
  const channels = container.resolve(Modules.SALES_CHANNEL)
  const product = container.resolve(Modules.PRODUCT)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  for (const { id, options } of hubModule.accounts.slice(1)) {
    const channelId = options.salesChannelId
    if (!channelId || (await channels.listSalesChannels({ id: channelId })).length) continue
    await channels.createSalesChannels({ id: channelId, name: `Hub ${id}` } as never)
    const { result: locations } = await createStockLocationsWorkflow(container).run({
      input: { locations: [{ name: `CD ${id}`, address: { address_1: "Rua do Estoque 2", city: "Campinas", country_code: "BR" } }] },
    })
    await linkSalesChannelsToStockLocationWorkflow(container).run({ input: { id: locations[0].id, add: [channelId] } })
    const variants = await product.listProductVariants({ sku: ACCOUNT_SKUS }, { select: ["id", "sku", "product_id"] })
    await link.create(variants.map((variant) => ({ [Modules.PRODUCT]: { product_id: variant.product_id }, [Modules.SALES_CHANNEL]: { sales_channel_id: channelId } })))
    const { data: items } = await query.graph({
      entity: "product_variant_inventory_items",
      fields: ["inventory_item_id"],
      filters: { variant_id: variants.map((variant) => variant.id) },
    })
    await createInventoryLevelsWorkflow(container).run({
      input: {
        inventory_levels: items.map((item: { inventory_item_id: string }) => ({ inventory_item_id: item.inventory_item_id, location_id: locations[0].id, stocked_quantity: ACCOUNT_STOCKED })),
      },
    })
    logger.info(`demo seed: hub account ${id}: sales channel ${channelId}, stock location ${locations[0].id}, ${variants.length} products (${ACCOUNT_SKUS.join(", ")})`)
  }
}
