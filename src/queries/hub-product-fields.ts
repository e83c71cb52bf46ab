import { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { availableQuantity, VariantInventoryItemStock } from "../mapping/available-quantity"
import { CATALOGUE_FIELDS, hubProductFields, type HubProductFields, type VariantReading } from "../mapping/hub-product"
import { HUB_MODULE } from "../modules/hub"
import type { HubAccountOptions } from "../modules/hub/accounts"
import type { HubAccount } from "../modules/hub/hub-account"
import type { WantedSkuFields } from "../modules/hub/types"
import type HubModuleService from "../modules/hub/service"
import { hubPrices, type HubPriceReading } from "./hub-prices"
import { hubStockLocations, type HubWarehouseLocation } from "./hub-stock-locations"
import { variantsOfPrices } from "./variants-of-prices"

/** Which SKUs to read: any mix of what a Medusa event or a hub listing names. */
export type CatalogueSelector = {
  inventoryLevelIds?: string[]
  inventoryItemIds?: string[]
  variantIds?: string[]
  productIds?: string[]
  /** Prices and price lists changed (a variant's price, a sale's prices, dates or status). */
  priceIds?: string[]
  priceListIds?: string[]
  skus?: string[]
}

/** A variant's reading, with its available quantity at each other warehouse by store code (null: Medusa does not count it). */
type WarehouseVariantReading = VariantReading & { atWarehouses: Record<string, number | null> }

type InventoryLink = { variant_id: string; inventory_item_id: string; required_quantity: number }
export type ListedVariant = { id: string; sku: string | null; manage_inventory: boolean; product_id: string | null }

/**
 * The fields one account's hub should hold for every SKU the selector reaches, by SKU, with the one
 * mapping and that account's options (its sales channel's locations, `catalogueFields`, units, ...)
 * (src/mapping/hub-product.ts). A SKU this store pushed to that hub before that no variant holds any more
 * (the variant or product deleted, the SKU renamed) reads as having left: qty 0, disabled. The
 * variants and products named also bring the SKUs they last carried, so a rename reaches the old SKU.
 * Variants without a SKU are left out; one whose inventory Medusa does not manage has no `qty`.
 *
 * This runs for every change and again for every push, so it reads each module through its own
 * service and the links on their own, in parallel where it can (one `query.graph` across the
 * modules cost 17 ms of CPU for one SKU; the quantity reading this way 11). Prices and statuses are
 * read only when `catalogueFields` syncs them.
 */
export async function loadHubProductFields(
  container: MedusaContainer,
  selector: CatalogueSelector,
  options: HubAccountOptions
): Promise<Map<string, WantedSkuFields>> {
  return (await loadHubProductFieldsByAccount(container, selector, [options])).get(options.id)!
}

/**
 * The same for several accounts, by account id: what the selector reaches in Medusa (its variants
 * and SKUs) is read once, and only what differs per account (the SKUs it was sent, its channel's
 * locations and prices) once per account.
 */
export async function loadHubProductFieldsByAccount(
  container: MedusaContainer,
  selector: CatalogueSelector,
  accounts: HubAccountOptions[]
): Promise<Map<string, Map<string, WantedSkuFields>>> {
  const readings = await loadAccountReadings(container, selector, accounts)
  return new Map([...readings].map(([id, reading]) => [id, reading.skus]))
}

/**
 * What one account's hub should hold of what a selector reaches: the default warehouse's fields by SKU,
 * and each other warehouse's qty by its store code (option `warehouses`, docs/catalogue.md *Warehouses*).
 */
export type AccountReading = { skus: Map<string, WantedSkuFields>; warehouses: Map<string, WantedSkuFields[]> }

/** The same, with each account's other warehouses: read in the same pass, their levels with the default's. */
export async function loadAccountReadings(container: MedusaContainer, selector: CatalogueSelector, accounts: HubAccountOptions[]): Promise<Map<string, AccountReading>> {
  const reach = await reachOf(container, selector)
  const byAccount = await Promise.all(accounts.map(async (options) => [options.id, await fieldsOnHub(container, reach, options)] as const))
  return new Map(byAccount)
}

/** What a selector reaches in Medusa, whichever hub it is for. */
type SelectorReach = {
  /** The variants reached (deleted ones left out), listed. */
  variants: ListedVariant[]
  /** The SKUs named, and those the named variants and products carry or carried. */
  skus: Set<string>
  /** Of those, the ones the named variants carry or carried: this store's own. */
  namedSkus: Set<string>
  named: { variantIds: string[]; productIds: string[] }
  /** The SKUs a hub listing named (a reconciliation): each is read, in the channel or not. */
  listedSkus: Set<string>
}

async function reachOf(container: MedusaContainer, selector: CatalogueSelector): Promise<SelectorReach> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const inventory = container.resolve(Modules.INVENTORY)
  const product = container.resolve(Modules.PRODUCT)
  const variantIds = new Set(selector.variantIds ?? [])
  const inventoryItemIds = new Set(selector.inventoryItemIds ?? [])
  const skus = new Set(selector.skus ?? [])

  if (selector.inventoryLevelIds?.length) {
    const levels = await inventory.listInventoryLevels({ id: selector.inventoryLevelIds }, { select: ["id", "inventory_item_id"] })
    for (const level of levels) inventoryItemIds.add(level.inventory_item_id)
  }
  if (selector.priceIds?.length || selector.priceListIds?.length) {
    for (const id of await variantsOfPrices(container, selector)) variantIds.add(id)
  }
  const productIds = selector.productIds ?? []
  // The SKUs the named variants and products carry or carried (a deleted variant keeps its SKU): each
  // is this store's to stop selling.
  const named = { variantIds: [...variantIds], productIds }
  const [itemLinks, namedVariants] = await Promise.all([
    inventoryItemIds.size
      ? query.graph({ entity: "product_variant_inventory_items", fields: ["variant_id"], filters: { inventory_item_id: [...inventoryItemIds] } })
      : { data: [] as Array<{ variant_id: string }> },
    named.variantIds.length || productIds.length
      ? product.listProductVariants(
          { $or: [...(named.variantIds.length ? [{ id: named.variantIds }] : []), ...(productIds.length ? [{ product_id: productIds }] : [])] },
          { select: ["id", "sku", "deleted_at"], withDeleted: true }
        )
      : [],
  ])
  const namedSkus = new Set<string>()
  for (const link of itemLinks.data) variantIds.add(link.variant_id)
  for (const variant of namedVariants) {
    if (!variant.deleted_at) variantIds.add(variant.id)
    if (variant.sku) namedSkus.add(variant.sku)
  }
  for (const sku of namedSkus) skus.add(sku)
  return { variants: await listVariants(container, [...variantIds], [...skus]), skus, namedSkus, named, listedSkus: new Set(selector.skus ?? []) }
}

/** The live variants with these ids or SKUs. */
async function listVariants(container: MedusaContainer, ids: string[], skus: string[]): Promise<ListedVariant[]> {
  if (!ids.length && !skus.length) return []
  const filters = [...(ids.length ? [{ id: ids }] : []), ...(skus.length ? [{ sku: skus }] : [])]
  return container.resolve(Modules.PRODUCT).listProductVariants({ $or: filters }, { select: ["id", "sku", "manage_inventory", "product_id"] })
}

/** The fields one account's hub should hold of what the selector reached. */
async function fieldsOnHub(container: MedusaContainer, reach: SelectorReach, options: HubAccountOptions): Promise<AccountReading> {
  const product = container.resolve(Modules.PRODUCT)
  const { records } = container.resolve<HubModuleService>(HUB_MODULE).account(options.id)
  // The SKUs the named variants and products last carried on this hub (a renamed one no longer carries it).
  const anyNamed = reach.named.variantIds.length > 0 || reach.named.productIds.length > 0
  const formerSkus = anyNamed ? await records.skusLastCarriedBy(reach.named) : []
  const ours = new Set([...reach.namedSkus, ...formerSkus])
  const skus = new Set([...reach.skus, ...formerSkus])
  const known = new Set(reach.variants.map((variant) => variant.id))
  const more = formerSkus.filter((sku) => !reach.skus.has(sku))
  const variants = [...reach.variants, ...(await listVariants(container, [], more)).filter((variant) => !known.has(variant.id))]

  // The channel, its locations and warehouses read once: the readings' warehouses are those the quantities name.
  const withSku = variants.filter((variant) => variant.sku)
  const channel = await readHubChannel(container, [...new Set(withSku.flatMap((variant) => (variant.product_id ? [variant.product_id] : [])))], options)
  const readings = await readVariants(container, withSku, options, channel)
  const foreign = await neverSentOutsideChannel(records, variants, readings, reach.listedSkus)
  const bySku = new Map<string, WantedSkuFields>()
  for (const variant of variants) {
    if (!variant.sku || foreign.has(variant.sku)) continue
    const reading = readings.get(variant.id)!
    const { priceHeldUnder, priceFloorUnreadable } = reading
    const held = { ...(priceHeldUnder !== undefined && { priceHeldUnder }), ...(priceFloorUnreadable !== undefined && { priceFloorUnreadable }) }
    bySku.set(variant.sku, { sku: variant.sku, variantId: variant.id, productId: variant.product_id, fields: hubProductFields(reading, options), ...held })
  }
  // SKUs asked for that no variant carries: those this store sold (named, or with a row) have left
  // Medusa; others (a hub product the store never sold) are not its own.
  const missing = [...skus].filter((sku) => !bySku.has(sku) && !foreign.has(sku))
  const unnamed = missing.filter((sku) => !ours.has(sku))
  if (unnamed.length) {
    // A row, or a deleted variant (a deletion while no process listened, or before this version):
    // no live variant carries these SKUs, so every variant found with them is a deleted one.
    const [sold, deleted] = await Promise.all([
      records.skusWithRows(unnamed),
      product.listProductVariants({ sku: unnamed }, { select: ["sku"], withDeleted: true }),
    ])
    for (const sku of [...sold, ...deleted.map((variant) => variant.sku)]) if (sku) ours.add(sku)
  }
  for (const sku of missing) {
    if (ours.has(sku)) bySku.set(sku, { sku, variantId: null, productId: null, fields: hubProductFields(null, options) })
  }
  return { skus: bySku, warehouses: warehouseQuantities(bySku, readings, channel.warehouses.map(({ code }) => code), options) }
}

/**
 * Each other warehouse's qty of the SKUs the default's reading holds: the available quantity at the
 * warehouse's location less `stockBuffer`, never below 0; 0 for a SKU outside the channel or that left
 * Medusa; none for a variant whose stock Medusa does not count. A warehouse takes only qty.
 */
function warehouseQuantities(
  bySku: Map<string, WantedSkuFields>,
  readings: Map<string, WarehouseVariantReading>,
  codes: string[],
  options: HubAccountOptions
): Map<string, WantedSkuFields[]> {
  return new Map(
    codes.map((code) => [
      code,
      [...bySku.values()].flatMap((entry): WantedSkuFields[] => {
        const reading = entry.variantId ? readings.get(entry.variantId) : undefined
        const at = reading?.atWarehouses[code]
        if (reading && at === null) return []
        const qty = !reading || !reading.inHubChannel ? 0 : Math.max(0, (at ?? 0) - options.stockBuffer)
        return [{ sku: entry.sku, variantId: entry.variantId, productId: entry.productId, fields: { qty } }]
      }),
    ])
  )
}

/**
 * SKUs of products outside the account's sales channel that its hub was never sent (no outbox row),
 * and that no listing of that hub named: another account's products, nothing of this hub's to zero.
 * One that left the channel has its row, so it still goes to 0.
 */
async function neverSentOutsideChannel(
  records: HubAccount["records"],
  variants: ListedVariant[],
  readings: Map<string, VariantReading>,
  listed: Set<string>
): Promise<Set<string>> {
  const outside = variants.flatMap((variant) => (variant.sku && !listed.has(variant.sku) && readings.get(variant.id)?.inHubChannel === false ? [variant.sku] : []))
  if (!outside.length) return new Set()
  const sent = await records.skusWithRows(outside)
  return new Set(outside.filter((sku) => !sent.has(sku)))
}

/**
 * Each variant's qty, price, sale price and status on one account's hub by the one mapping, with
 * every catalogue field read whatever `catalogueFields` syncs: what a product's publication sends.
 */
export async function loadVariantHubFields(
  container: MedusaContainer,
  variants: ListedVariant[],
  options: HubAccountOptions,
  channel?: HubChannelReading
): Promise<Map<string, HubProductFields>> {
  const all = { ...options, catalogueFields: [...CATALOGUE_FIELDS] }
  const readings = await readVariants(container, variants, all, channel)
  return new Map([...readings].map(([id, reading]) => [id, hubProductFields(reading, all)]))
}

/** The stock locations that serve an account's sales channel, and which of some products that channel sells. */
export type HubChannelReading = {
  locationIds: string[]
  /** The account's other warehouses, each by its store code and location (as saved, else the option `warehouses`). */
  warehouses: HubWarehouseLocation[]
  /** Null when the store has no sales channel for the hub: it cannot say what is outside it, so everything sells. */
  inChannel: Set<string> | null
}

/** Reads the account's locations and which of `productIds` its channel sells: once per round, however many variants. */
export async function readHubChannel(container: MedusaContainer, productIds: string[], options: HubAccountOptions): Promise<HubChannelReading> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { salesChannelId, locationIds, warehouses } = await hubStockLocations(container, options)
  if (!salesChannelId) return { locationIds, warehouses, inChannel: null }
  const links = productIds.length
    ? (await query.graph({ entity: "product_sales_channel", fields: ["product_id"], filters: { product_id: productIds, sales_channel_id: salesChannelId } })).data
    : []
  return { locationIds, warehouses, inChannel: new Set(links.map((link: { product_id: string }) => link.product_id)) }
}

/**
 * What the mapping needs of each variant on one account's hub: its available quantity, channel,
 * product status and price (those its `catalogueFields` name). `channel`: the round's reading of the
 * account's channel, when the caller has it.
 */
async function readVariants(
  container: MedusaContainer,
  variants: ListedVariant[],
  options: HubAccountOptions,
  channel?: HubChannelReading
): Promise<Map<string, WarehouseVariantReading>> {
  const product = container.resolve(Modules.PRODUCT)
  const synced = new Set(options.catalogueFields)
  const ids = variants.map((variant) => variant.id)
  const productIds = [...new Set(variants.flatMap((variant) => (variant.product_id ? [variant.product_id] : [])))]
  if (!ids.length) return new Map()

  const { locationIds, warehouses, inChannel } = channel ?? (await readHubChannel(container, productIds, options))
  const [quantities, products, prices] = await Promise.all([
    availableQuantities(container, variants, [locationIds, ...warehouses.map((warehouse) => [warehouse.locationId])]),
    synced.has("status") && productIds.length ? product.listProducts({ id: productIds }, { select: ["id", "status"] }) : [],
    synced.has("price") || synced.has("promotional_price") ? hubPrices(container, ids, options) : new Map<string, HubPriceReading>(),
  ])
  const published = new Set(products.filter((listed) => listed.status === "published").map((listed) => listed.id))
  return new Map(
    variants.map((variant) => [
      variant.id,
      {
        availableQuantity: quantities.get(variant.id)?.[0] ?? null,
        atWarehouses: Object.fromEntries(warehouses.map((warehouse, index) => [warehouse.code, quantities.get(variant.id)?.[index + 1] ?? null])),
        inHubChannel: !inChannel || (variant.product_id !== null && inChannel.has(variant.product_id)),
        published: variant.product_id !== null && published.has(variant.product_id),
        ...priceOf(prices.get(variant.id)),
      },
    ])
  )
}

/** A variant's reading of its price: Medusa's made by the rules, or the floor they hold it under, or the floor value they could not read. */
function priceOf(price: HubPriceReading | undefined): Pick<VariantReading, "price" | "priceHeldUnder" | "priceFloorUnreadable"> {
  if (!price) return { price: null }
  if ("heldUnder" in price) return { price: null, priceHeldUnder: price.heldUnder }
  if ("floorUnreadable" in price) return { price: null, priceFloorUnreadable: price.floorUnreadable }
  return { price: price.price }
}

/**
 * Available quantity per variant over each set of locations (the default warehouse's, then each other
 * warehouse's), by the one mapping, from one read of their levels; null when Medusa does not count it.
 */
async function availableQuantities(container: MedusaContainer, variants: ListedVariant[], locationSets: string[][]): Promise<Map<string, Array<number | null>>> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const inventory = container.resolve(Modules.INVENTORY)
  const managed = variants.filter((variant) => variant.manage_inventory)
  if (!managed.length) return new Map()
  const { data: links } = (await query.graph({
    entity: "product_variant_inventory_items",
    fields: ["variant_id", "inventory_item_id", "required_quantity"],
    filters: { variant_id: managed.map((variant) => variant.id) },
  })) as { data: InventoryLink[] }
  const hubLocationIds = new Set(locationSets.flat())
  const itemIds = [...new Set(links.map((link) => link.inventory_item_id))]
  const levels =
    itemIds.length && hubLocationIds.size
      ? await inventory.listInventoryLevels(
          { inventory_item_id: itemIds, location_id: [...hubLocationIds] },
          { select: ["id", "inventory_item_id", "location_id", "stocked_quantity", "reserved_quantity"] }
        )
      : []
  const levelsByItem = new Map<string, VariantInventoryItemStock["levels"]>()
  for (const level of levels) {
    const itemLevels = levelsByItem.get(level.inventory_item_id) ?? []
    itemLevels.push({ locationId: level.location_id, stockedQuantity: Number(level.stocked_quantity), reservedQuantity: Number(level.reserved_quantity) })
    levelsByItem.set(level.inventory_item_id, itemLevels)
  }
  const linksByVariant = new Map<string, InventoryLink[]>()
  for (const link of links) linksByVariant.set(link.variant_id, [...(linksByVariant.get(link.variant_id) ?? []), link])
  return new Map(
    managed.map((variant) => {
      const items: VariantInventoryItemStock[] = (linksByVariant.get(variant.id) ?? []).map((link) => ({
        requiredQuantity: Number(link.required_quantity),
        levels: levelsByItem.get(link.inventory_item_id) ?? [],
      }))
      return [variant.id, locationSets.map((locations) => availableQuantity(items, new Set(locations)))]
    })
  )
}
