import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { HubProductFields } from "../mapping/hub-product"
import type { HubProductStatus, ProductForHub, ProductPublicationReading } from "../mapping/hub-product-reading"
import { HUB_MODULE } from "../modules/hub"
import type { HubAccountOptions } from "../modules/hub/accounts"
import type HubModuleService from "../modules/hub/service"
import { loadVariantHubFields, readHubChannel } from "./hub-product-fields"
import { hubSalesChannelId } from "./hub-stock-locations"

/** A product as its publication reads it, with each of its SKUs' fields by the one mapping (every catalogue field read: `syncedHubFields` gives an account's). */
export type ProductForHubWithSkus = ProductForHub & { skuFields: Map<string, HubProductFields> }

/** Three levels of parents: deeper trees are named from the third parent down. */
const CATEGORY_FIELDS = ["id", "handle", "name"].flatMap((field) =>
  ["categories", "categories.parent_category", "categories.parent_category.parent_category", "categories.parent_category.parent_category.parent_category"].map(
    (path) => `${path}.${field}`
  )
)

const PRODUCT_FIELDS = [
  "id", "title", "subtitle", "description", "handle", "status", "metadata", "material", "origin_country", "hs_code",
  "weight", "height", "width", "length",
  "images.url", "images.rank", "type.value", "collection.title", "options.id", "options.title", "options.values.value",
  ...CATEGORY_FIELDS,
  "variants.id", "variants.sku", "variants.title", "variants.manage_inventory", "variants.product_id", "variants.metadata",
  "variants.ean", "variants.upc", "variants.barcode", "variants.hs_code", "variants.material", "variants.origin_country",
  "variants.weight", "variants.height", "variants.width", "variants.length", "variants.variant_rank",
  "variants.options.value", "variants.options.option.title", "variants.images.url", "variants.images.rank",
]

/**
 * Each product's reading for the publication mapping (src/mapping/hub-product-publication.ts) on one
 * account's hub (the one whose options are given), read when its push leaves: the product
 * with its variants, images, categories, type, collection and options; each variant's qty (over that
 * account's locations), price, sale price by today's one mapping (every catalogue field read, since
 * a new hub product needs its price whatever `catalogueFields` keeps true afterwards).
 */
export async function loadProductsForHub(
  container: MedusaContainer,
  productIds: string[],
  options: HubAccountOptions
): Promise<Map<string, ProductForHubWithSkus>> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const found = new Map<string, ProductForHubWithSkus>(productIds.map((id) => [id, { reading: null, sells: false, skuFields: new Map() }]))
  if (!productIds.length) return found
  const [{ data: products }, channel] = await Promise.all([
    query.graph({ entity: "product", fields: PRODUCT_FIELDS, filters: { id: productIds } }),
    readHubChannel(container, productIds, options),
  ])
  const { inChannel } = channel
  const variants = products.flatMap((product: any) => (product.variants ?? []).map((variant: any) => ({ ...variant, product_id: product.id })))
  const fields = await loadVariantHubFields(container, variants, options, channel)
  for (const product of products as any[]) {
    const sells = product.status === "published" && (!inChannel || inChannel.has(product.id))
    const status: HubProductStatus = sells ? "enabled" : "disabled"
    // Lists in a fixed order (variants by Medusa's rank, then SKU; options and categories by id), since
    // Query gives none: one product always maps to one body, so a refused body is recognised.
    const reading: ProductPublicationReading = {
      ...product,
      options: [...(product.options ?? [])].sort(byId),
      categories: [...(product.categories ?? [])].sort(byId),
      status,
      variants: [...(product.variants ?? [])]
        .sort((a, b) => (a.variant_rank ?? 0) - (b.variant_rank ?? 0) || String(a.sku).localeCompare(String(b.sku)))
        .map((variant: any) => {
          const hub = fields.get(variant.id) ?? {}
          return {
            ...variant,
            qty: variant.manage_inventory ? (hub.qty ?? null) : null,
            price: hub.price ?? null,
            promotional_price: hub.promotional_price,
          }
        }),
    }
    const skuFields = new Map<string, HubProductFields>(
      (product.variants ?? []).flatMap((variant: any) => (variant.sku && fields.has(variant.id) ? [[variant.sku, fields.get(variant.id)!] as const] : []))
    )
    found.set(product.id, { reading, sells, skuFields })
  }
  return found
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/**
 * One page of the products an account's hub should sell (published, in its sales channel), by id,
 * after `afterId`: the first publication's sweep walks them all.
 */
export async function productsForHubPage(
  container: MedusaContainer,
  options: HubAccountOptions,
  afterId: string | null,
  limit: number
): Promise<{ productIds: string[]; lastId: string | null }> {
  const productModule = container.resolve(Modules.PRODUCT)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const salesChannelId = await hubSalesChannelId(container, options)
  const products = await productModule.listProducts(
    { status: "published", ...(afterId ? { id: { $gt: afterId } } : {}) },
    { select: ["id"], order: { id: "ASC" }, take: limit }
  )
  const lastId = products.at(-1)?.id ?? null
  if (!salesChannelId || !products.length) return { productIds: products.map((product) => product.id), lastId }
  const { data: links } = await query.graph({
    entity: "product_sales_channel",
    fields: ["product_id"],
    filters: { product_id: products.map((product) => product.id), sales_channel_id: salesChannelId },
  })
  const inChannel = new Set(links.map((link: { product_id: string }) => link.product_id))
  // `lastId` is the page's last product even when outside the channel, so the walk goes on past it.
  return { productIds: products.filter((product) => inChannel.has(product.id)).map((product) => product.id), lastId }
}

/**
 * Which of `productIds` each account's sales channel has, by account id (a store without a channel:
 * every product, since it cannot say what is outside it): one read of the links for every account.
 */
export async function productsInAccountChannels(
  container: MedusaContainer,
  accounts: Array<{ id: string; options: HubAccountOptions }>,
  productIds: string[]
): Promise<Map<string, Set<string>>> {
  const channels = await Promise.all(accounts.map(({ options }) => hubSalesChannelId(container, options)))
  const named = [...new Set(channels.filter((channel): channel is string => channel !== null))]
  const { data: links } =
    named.length && productIds.length
      ? await container.resolve(ContainerRegistrationKeys.QUERY).graph({
          entity: "product_sales_channel",
          fields: ["product_id", "sales_channel_id"],
          filters: { product_id: productIds, sales_channel_id: named },
        })
      : { data: [] as Array<{ product_id: string; sales_channel_id: string }> }
  return new Map(
    accounts.map(({ id }, index) => {
      const channel = channels[index]
      if (channel === null) return [id, new Set(productIds)]
      return [id, new Set(links.filter((link: { sales_channel_id: string }) => link.sales_channel_id === channel).map((link: { product_id: string }) => link.product_id))]
    })
  )
}

/**
 * Which publishing accounts a change of these products concerns, with the products each must look at
 * again: those its sales channel has, and those it has a publication row of (a product that left its
 * channel, or was deleted, is disabled on its hub). Another channel's products are never marked, so an
 * account's hub is not asked about them.
 */
export async function publicationsConcerned(container: MedusaContainer, productIds: string[]): Promise<Array<{ account: string; productIds: string[] }>> {
  const hubModule: HubModuleService = container.resolve(HUB_MODULE)
  const accounts = hubModule.publishingAccounts
  const ids = [...new Set(productIds)]
  if (!accounts.length || !ids.length) return []
  const [inChannels, ...rows] = await Promise.all([
    productsInAccountChannels(container, accounts, ids),
    ...accounts.map(({ records }) => records.publications.ofProducts(ids)),
  ])
  return accounts.flatMap(({ id }, index) => {
    const published = new Set(rows[index].map((row) => row.product_id))
    const concerned = ids.filter((productId) => inChannels.get(id)!.has(productId) || published.has(productId))
    return concerned.length ? [{ account: id, productIds: concerned }] : []
  })
}
