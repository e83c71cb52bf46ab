/*
 * A Medusa product as the hub's `POST /products` body (docs/hub-public-facts.md, Creating products),
 * and the problems that would make the hub refuse it, found before anything is sent. Pure: the
 * caller reads Medusa (a product with its variants, images, categories, type, collection, options)
 * and today's mapping (src/mapping/hub-product.ts) decides each SKU's qty, price, sale price and
 * status; this module only shapes them. docs/catalogue.md, *Publishing products*, has the table.
 */
import { MathBN } from "@medusajs/framework/utils"
import { skuPathProblem } from "../hub-client"
import { onTheWire, type NoSaleWay } from "./hub-no-sale"
import { categoryAttributes } from "./hub-category-attributes"
import { hubEan, hubEanOf } from "./hub-ean"
import { mappedHubCategory, sourceLabel, sourceValue, type HubFieldMapping } from "./hub-field-mapping"
import { hubMeasure, type DimensionUnit, type HubMeasureField, type WeightUnit } from "./hub-measures"
import type { CategoryReading, HubProductStatus, ImageReading, MeasuresReading, ProductPublicationReading, VariantPublicationReading } from "./hub-product-reading"

export const BRAND_SOURCES = ["metadata.brand", "type", "collection"] as const
export type BrandSource = (typeof BRAND_SOURCES)[number]
/**
 * How a product whose Medusa category is mapped to a hub category names it in `categories`
 * (docs/hub-public-facts.md, Categories and attributes: the keys of the 2025 model are unsure): `hub`, the
 * hub category's id as `code` and its name; `medusa`, Medusa's own as for an unmapped one.
 */
export const CATEGORY_NAMINGS = ["hub", "medusa"] as const
export type CategoryNaming = (typeof CATEGORY_NAMINGS)[number]
/**
 * How a variation carries its own price (docs/hub-public-facts.md: the record is unsure): `fields`
 * (the 2025 model: `price`, `promotional_price` and the measures on the variation) or
 * `specifications` (older integrations: `price` and `promotional_price` as specifications).
 */
export const VARIATION_FORMATS = ["fields", "specifications"] as const
export type VariationFormat = (typeof VARIATION_FORMATS)[number]
export const DEFAULT_NAME_MAX_LENGTH = 150
/** The hub takes at most 10 categories a product. */
export const MAX_HUB_CATEGORIES = 10
const MEASURES: readonly HubMeasureField[] = ["weight", "height", "width", "length"]

export type PublicationOptions = {
  weightUnit: WeightUnit
  dimensionUnit: DimensionUnit
  /** The account's mapping of hub fields to Medusa's (src/mapping/hub-field-mapping.ts). */
  mapping: HubFieldMapping
  categoryNaming: CategoryNaming
  variationFormat: VariationFormat
  nameMaxLength: number
  /** How "no sale" is said, when the store set it (src/mapping/hub-no-sale.ts): a creation says it only then. */
  promotionalPriceClearedAs?: NoSaleWay
}

// ---- What the hub takes ----

export type HubSpecification = { key: string; value: string }
export type HubCategory = { code: string; name: string }
export type HubMeasures = { weight?: number; height?: number; width?: number; length?: number }

export type HubVariation = HubMeasures & {
  sku: string
  qty?: number
  ean?: string
  /** Left out when the variant has none of its own: the hub shows the product's. */
  images?: string[]
  specifications: HubSpecification[]
  price?: number
  promotional_price?: number | null
}

export type HubProductBody = HubMeasures & {
  sku: string
  name: string
  description: string
  status: HubProductStatus
  /** Left out on a configurable product: stock lives on its variations' SKUs, which the stock sync keeps true. */
  qty?: number
  price?: number
  promotional_price?: number | null
  brand?: string
  ean?: string
  nbm?: string
  images: string[]
  categories: HubCategory[]
  specifications: HubSpecification[]
  variation_attributes?: string[]
  variations?: HubVariation[]
}

/** Why the hub would refuse the product: `field` is the hub's (`variations[SKU].price` for a variation's), `message` says what to do. */
export type HubProductProblem = { field: string; message: string }

export type HubProductCheck = { ok: true; product: HubProductBody } | { ok: false; problems: HubProductProblem[] }

/** The product's body for `POST /products`, or every problem that would make the hub refuse it. */
export function checkHubProduct(product: ProductPublicationReading, options: PublicationOptions): HubProductCheck {
  const { body, problems } = mapHubProduct(product, options)
  return problems.length ? { ok: false, problems } : { ok: true, product: body }
}

/**
 * The body the product maps to, whatever its problems (a field that cannot be sent is left out):
 * what a comparison with the hub's last accepted body needs. Send only what `checkHubProduct` passes.
 */
export function hubProductBody(product: ProductPublicationReading, options: PublicationOptions): HubProductBody {
  return mapHubProduct(product, options).body
}

function mapHubProduct(product: ProductPublicationReading, options: PublicationOptions): { body: HubProductBody; problems: HubProductProblem[] } {
  const problems: HubProductProblem[] = []
  const report = (field: string, text: string) => problems.push({ field, message: `${field}: ${text}` })
  const variants = product.variants
  const single = variants.length === 1 ? variants[0] : undefined

  const name = product.title?.trim() ?? ""
  if (!name) report("name", "give the product a title")
  else if (name.length > options.nameMaxLength) {
    report("name", `shorten the product's title to at most ${options.nameMaxLength} characters (it has ${name.length})`)
  }
  const description = product.description?.trim() ?? ""
  if (!description) report("description", "write the product's description")
  const images = hubImages(product.images ?? [], single?.images ?? [])
  if (!images.length) report("images", "add an image whose address starts with https://")
  if (!variants.length) report("sku", "add a variant with a SKU")

  const { mapping } = options
  const nbm = mapping.ncm
    ? hubNbm(sourceLabel(mapping.ncm), sourceValue(mapping.ncm, product, single))
    : hubNbm("hs_code", single?.hs_code, product.hs_code, ...variants.map((variant) => variant.hs_code))
  if ("problem" in nbm) report("nbm", nbm.problem)
  const hubCategory = mappedHubCategory(product.categories ?? [], mapping)
  const body: HubProductBody = {
    sku: "",
    name,
    description,
    status: product.status,
    images,
    categories: hubCategories(product.categories ?? [], hubCategory && options.categoryNaming === "hub" ? hubCategory : undefined),
    specifications: hubSpecifications(
      { material: single?.material || product.material, origin_country: single?.origin_country || product.origin_country },
      mapping.specifications.map(({ key, source }) => ({ key, value: sourceValue(source, product, single) }))
    ),
  }
  const brand = mapping.brand ? sourceValue(mapping.brand, product, single) : undefined
  if (brand) body.brand = brand
  if ("value" in nbm && nbm.value) body.nbm = nbm.value

  if (variants.length <= 1) {
    if (single) Object.assign(body, simpleFields(single, product, options, report))
  } else {
    Object.assign(body, configurableFields(product, options, report))
  }
  // What the product's hub category asks for, once the body holds its own specifications and codes.
  if (hubCategory) categoryAttributes(body, product, hubCategory, mapping, report, (field) => problems.some((problem) => problem.field === field))
  return { body, problems }
}

type Report = (field: string, text: string) => void

/** One variant: the hub product is the variant itself, under its SKU (the one the stock sync pushes). */
function simpleFields(variant: VariantPublicationReading, product: ProductPublicationReading, options: PublicationOptions, report: Report): Partial<HubProductBody> {
  const fields: Partial<HubProductBody> = {}
  if (variant.sku?.trim()) {
    fields.sku = variant.sku
    const problem = hubSkuProblem(variant.sku)
    if (problem) report("sku", problem)
  } else report("sku", `give the variant "${variant.title ?? variant.id}" a SKU`)
  if (typeof variant.qty === "number") fields.qty = variant.qty
  Object.assign(fields, hubPrices(variant, options, "", report))
  Object.assign(fields, hubMeasures([variant, product], options, "", report))
  const ean = variantEan(variant, product, options.mapping)
  if ("problem" in ean) report("ean", ean.problem)
  else if (ean.value) fields.ean = ean.value
  return fields
}

/**
 * Several variants: one hub product under `metadata.hub_sku` (else the handle), told apart by its
 * options (`variation_attributes`, their titles), each variant a variation under its own SKU. The
 * product's price is its cheapest variant's (what a marketplace shows as "from"); each of its
 * measures the product's, else the first variant's that has it (a variation without its own takes it).
 */
function configurableFields(product: ProductPublicationReading, options: PublicationOptions, report: Report): Partial<HubProductBody> {
  const hubSku = typeof product.metadata?.hub_sku === "string" && product.metadata.hub_sku.trim() ? product.metadata.hub_sku.trim() : product.handle
  const hubSkuTrouble = hubSkuProblem(hubSku)
  if (hubSkuTrouble) report("sku", `${hubSkuTrouble} (metadata.hub_sku, else the handle)`)
  const attributes = (product.options ?? []).map((option) => option.title.trim()).filter(Boolean)
  if (!attributes.length) report("variation_attributes", "give the product an option (such as Color) whose values tell its variants apart")
  const fields: Partial<HubProductBody> = { sku: hubSku, variation_attributes: attributes }

  const priced = product.variants.filter((variant) => variant.price !== null)
  const cheapest = priced.reduce<VariantPublicationReading | undefined>((low, variant) => (!low || variant.price! < low.price! ? variant : low), undefined)
  if (cheapest) Object.assign(fields, hubPrices(cheapest, options, "", () => {}))
  Object.assign(fields, hubMeasures([product, ...product.variants], options, "", report))

  fields.variations = product.variants.map((variant) => {
    const at = `variations[${variant.sku?.trim() || variant.id}]`
    if (!variant.sku?.trim()) report(`${at}.sku`, `give the variant "${variant.title ?? variant.id}" a SKU`)
    else if (hubSkuProblem(variant.sku)) report(`${at}.sku`, hubSkuProblem(variant.sku)!)
    if (variant.sku?.trim() === hubSku) report("sku", `the product's hub SKU ${hubSku} (metadata.hub_sku, else the handle) is also a variant's SKU: set metadata.hub_sku to another`)
    const variation: HubVariation = { sku: variant.sku ?? "", specifications: [] }
    if (typeof variant.qty === "number") variation.qty = variant.qty
    const ean = variantEan(variant, product, options.mapping)
    if ("problem" in ean) report(`${at}.ean`, ean.problem)
    else if (ean.value) variation.ean = ean.value
    const images = hubImages(variant.images ?? [], [])
    if (images.length) variation.images = images
    for (const title of attributes) {
      const value = variant.options?.find((optionValue) => optionValue.option?.title.trim() === title)?.value?.trim()
      if (value) variation.specifications.push({ key: title, value })
      else report(`${at}.${title}`, `set the variant's ${title}`)
    }
    const prices = hubPrices(variant, options, `${at}.`, report)
    if (options.variationFormat === "fields") {
      Object.assign(variation, prices)
      // A variation without a measure of its own or its product's takes the hub product's: no problem.
      Object.assign(variation, hubMeasures([variant, product], options, `${at}.`, () => {}))
    } else {
      if (prices.price !== undefined) variation.specifications.push({ key: "price", value: MathBN.convert(prices.price).toFixed(2) })
      if (typeof prices.promotional_price === "number") variation.specifications.push({ key: "promotional_price", value: MathBN.convert(prices.promotional_price).toFixed(2) })
    }
    return variation
  })
  const counts = new Map<string, number>()
  for (const variant of product.variants) if (variant.sku?.trim()) counts.set(variant.sku, (counts.get(variant.sku) ?? 0) + 1)
  for (const [sku, count] of counts) if (count > 1) report("sku", `the SKU ${sku} is used by ${count} variants: give each its own`)
  return fields
}

/**
 * Why a SKU cannot name a hub product, in the merchant's words (the rule is the hub client's,
 * `skuPathProblem`: the hub's addresses carry it, where `.` and `..` name no product, and the hub
 * keeps a SKU trimmed, so one with spaces around it would be created under another name).
 */
export function hubSkuProblem(sku: string): string | undefined {
  if (!skuPathProblem(sku)) return undefined
  if (sku !== sku.trim()) return `the SKU "${sku}" has spaces around it: the hub keeps it without them, so no later update would find it; remove them`
  return `the hub SKU "${sku}" cannot name a hub product in the hub's addresses: give it letters or digits`
}

/**
 * `price` and `promotional_price` as given; a missing price or a sale price above it is a problem. No
 * sale (null) is left out, as a hub of either product model takes it, unless the store said how its hub
 * wants it said (`promotionalPriceClearedAs` `price` or `zero`).
 */
function hubPrices(variant: VariantPublicationReading, options: PublicationOptions, at: string, report: Report): Pick<HubProductBody, "price" | "promotional_price"> {
  const fields: Pick<HubProductBody, "price" | "promotional_price"> = {}
  if (variant.price === null) report(`${at}price`, "give the variant a price in the hub's region and currency")
  else fields.price = variant.price
  if (typeof variant.promotional_price === "number") fields.promotional_price = variant.promotional_price
  else if (variant.promotional_price === null && variant.price !== null && (options.promotionalPriceClearedAs === "price" || options.promotionalPriceClearedAs === "zero")) {
    fields.promotional_price = onTheWire({ price: variant.price, promotional_price: null }, options.promotionalPriceClearedAs, { saleless: true }).promotional_price
  }
  if (typeof variant.price === "number" && typeof variant.promotional_price === "number" && variant.promotional_price > 0 && variant.promotional_price > variant.price) {
    report(`${at}promotional_price`, `the sale price (${variant.promotional_price}) must not be above the price (${variant.price}): end the sale or raise the price`)
  }
  return fields
}

/** Each measure in kg and cm from the first of `sources` that has it (src/mapping/hub-measures.ts). */
function hubMeasures(sources: readonly MeasuresReading[], options: PublicationOptions, at: string, report: Report): HubMeasures {
  const measures: HubMeasures = {}
  for (const field of MEASURES) {
    const measure = hubMeasure(field, sources.map((source) => source[field]), options)
    if ("problem" in measure) report(`${at}${field}`, measure.problem)
    else measures[field] = measure.value
  }
  return measures
}

/**
 * Image URLs in the order the hub shows them: the product's by `rank`, then a variant's own not
 * among them; https only (the hub fetches nothing else), each once.
 */
export function hubImages(productImages: readonly ImageReading[], variantImages: readonly ImageReading[]): string[] {
  const byRank = (images: readonly ImageReading[]) =>
    images.map((image, index) => ({ image, index })).sort((a, b) => (a.image.rank ?? 0) - (b.image.rank ?? 0) || a.index - b.index)
  const urls: string[] = []
  for (const { image } of [...byRank(productImages), ...byRank(variantImages)]) {
    const url = image.url?.trim()
    if (url && isHttps(url) && !urls.includes(url)) urls.push(url)
  }
  return urls
}

function isHttps(url: string): boolean {
  try {
    return new URL(url).protocol === "https:"
  } catch {
    return false
  }
}

/**
 * Categories as `{code, name}`: the handle (else the id) as code, the names from the top of the
 * tree down as "Parent > Child"; each once, the first 10 (the hub's most). A hub category the product
 * is mapped to goes first, under the hub's id and name.
 */
export function hubCategories(categories: readonly CategoryReading[], mapped?: { id: string; name: string }): HubCategory[] {
  const hub: HubCategory[] = mapped ? [{ code: mapped.id, name: mapped.name }] : []
  for (const category of categories) {
    const code = category.handle?.trim() || category.id
    if (hub.some((known) => known.code === code)) continue
    hub.push({ code, name: categoryPath(category).join(" > ") })
    if (hub.length === MAX_HUB_CATEGORIES) break
  }
  return hub
}

/** The names from the root category to this one; a loop in the parents (bad data) stops the walk. */
function categoryPath(category: CategoryReading): string[] {
  const names: string[] = []
  const seen = new Set<string>()
  for (let at: CategoryReading | null | undefined = category; at && !seen.has(at.id); at = at.parent_category) {
    seen.add(at.id)
    names.unshift(at.name.trim())
  }
  return names
}

/**
 * Specifications: `material` and `origin_country` (an ISO code, upper case), then the mapping's, in
 * its order; empty ones skipped, a key once.
 */
export function hubSpecifications(
  fields: { material?: string | null; origin_country?: string | null },
  mapped: ReadonlyArray<{ key: string; value: string | undefined }>
): HubSpecification[] {
  const specifications: HubSpecification[] = []
  const add = (key: string, value: string | undefined) => {
    if (value && !specifications.some((known) => known.key === key)) specifications.push({ key, value })
  }
  add("material", fields.material?.trim())
  add("origin_country", fields.origin_country?.trim().toUpperCase())
  for (const { key, value } of mapped) add(key, value)
  return specifications
}

/** A variant's EAN: from the mapping's source when it names one (checked as a GTIN), else Medusa's codes (src/mapping/hub-ean.ts). */
function variantEan(variant: VariantPublicationReading, product: ProductPublicationReading, mapping: HubFieldMapping) {
  return mapping.ean ? hubEanOf(sourceValue(mapping.ean, product, variant), sourceLabel(mapping.ean)) : hubEan(variant)
}

/**
 * The hub's `nbm` (Mercosur's 8-digit tariff code) from the first code given (the variant's `hs_code`,
 * the product's, or the mapping's source: `label` names it), dots and spaces dropped. Anything else than 8 digits is a problem, since the hub
 * would keep a wrong code for the marketplaces' invoices.
 */
export function hubNbm(label: string, ...codes: Array<string | null | undefined>): { value?: string } | { problem: string } {
  const given = codes.find((code) => code?.trim())?.trim()
  if (!given) return {}
  const digits = given.replace(/[.\s]/g, "")
  if (!/^\d{8}$/.test(digits)) return { problem: `${label} "${given}" must be the 8-digit NCM (such as 6109.10.00): correct it or clear it` }
  return { value: digits }
}
