/*
 * The sandbox hub's products: seeded ones, those created with `POST /products`, their variations,
 * partial updates and the listing. Apart from state.ts (orders and statuses) so that each holds one
 * kind of data. Every input is validated here with the sandbox's own rules (product-rules.ts,
 * product-create-rules.ts), so in-process callers get the hub's refusals too; a refused request
 * changes nothing. Every write is also judged, as it would leave the product, by `review` (the
 * category service's attributes: category-review.ts).
 */
import { z } from "zod"
import { productFiltersSchema } from "../hub-client/schemas"
import { parseOrThrow, SandboxHubError } from "./errors"
import {
  checkVariationAttributes,
  checkVariationSkus,
  sandboxNewProductSchema,
  sandboxVariationSchema,
  sandboxVariationUpdateSchema,
  type SandboxVariation,
} from "./product-create-rules"
import type { SandboxAnswers } from "./answers"
import { applyProductUpdate, sandboxProductUpdateSchema } from "./product-rules"
import { checkPriceUpdate, checkPromotion, DEFAULT_SANDBOX_PRICE_RULES, type SandboxPriceRules } from "./price-rules"
import {
  clone,
  compareStrings,
  matchesProductFilters,
  pageStart,
  sandboxProductInputSchema,
  type ProductListing,
  type SandboxProduct,
  type SandboxProductInput,
} from "./records"

/** A variation as shown on its own: its fields and its product's SKU. */
export type SandboxVariationView = SandboxVariation & { parent_sku: string }

export class SandboxCatalogue {
  /** Simple and configurable products by SKU; a configurable one holds its variations. */
  private readonly products = new Map<string, SandboxProduct>()
  /** Each variation's SKU -> its product's SKU. */
  private readonly parentOf = new Map<string, string>()

  /**
   * `review`: throws the hub's refusal of a product as a write would leave it. `answers`: with
   * realistic answers a product seeded without a name or a status holds `null` and `""`, as real
   * listings show (docs/hub-public-facts.md); tidy, its SKU and `enabled`.
   */
  constructor(
    private readonly review: (product: SandboxProduct) => void = () => {},
    private readonly answers: () => SandboxAnswers = () => "tidy"
  ) {}

  clear(): void {
    this.products.clear()
    this.parentOf.clear()
  }

  /**
   * Seeding (the control route, tests): adds products or sets the fields given on existing ones,
   * keeping their other fields; prices unchecked, so a test can seed drift.
   */
  upsert(inputs: SandboxProductInput[]): SandboxProduct[] {
    const parsed = parseOrThrow(z.array(sandboxProductInputSchema), inputs, { prefix: "products" })
    return parsed.map((input) => {
      if (this.parentOf.has(input.sku)) {
        throw new SandboxHubError(422, `products.sku: ${input.sku} is a variation of ${this.parentOf.get(input.sku)}`)
      }
      const existing = this.products.get(input.sku)
      const realistic = this.answers() === "realistic"
      const product: SandboxProduct = {
        ...existing,
        sku: input.sku,
        name: input.name ?? (existing ? existing.name : realistic ? null : input.sku),
        status: input.status ?? existing?.status ?? (realistic ? "" : "enabled"),
        qty: input.qty,
        price: input.price ?? existing?.price ?? 0,
        promotional_price:
          input.promotional_price !== undefined ? input.promotional_price : (existing?.promotional_price ?? null),
      }
      this.products.set(product.sku, product)
      return clone(product)
    })
  }

  /** Takes a product (and its variations) off the hub, as its own panel can: its updates are then 404s. */
  remove(sku: string): boolean {
    for (const variation of this.products.get(sku)?.variations ?? []) this.parentOf.delete(variation.sku)
    return this.products.delete(sku)
  }

  /** A simple or configurable product (with its variations); a variation's SKU is not a product. */
  get(sku: string): SandboxProduct | undefined {
    const product = this.products.get(sku)
    return product && clone(product)
  }

  getVariation(sku: string): SandboxVariationView | undefined {
    const parentSku = this.parentOf.get(sku)
    const variation = parentSku === undefined ? undefined : this.variationOf(parentSku, sku)
    return variation && { ...clone(variation), parent_sku: parentSku! }
  }

  /** What an order line sells: a product, or a variation at its own price or its product's. */
  sellable(sku: string): { productId: string; name: string | null; price: number } | undefined {
    const product = this.products.get(sku)
    if (product) return { productId: sku, name: product.name, price: product.price }
    const parentSku = this.parentOf.get(sku)
    const parent = parentSku === undefined ? undefined : this.products.get(parentSku)
    const variation = parent && this.variationOf(parent.sku, sku)
    return variation && { productId: parent.sku, name: parent.name, price: variation.price ?? parent.price }
  }

  /** Every SKU an order can sell, products first then variations, each sorted. */
  skus(): string[] {
    return [...[...this.products.keys()].sort(compareStrings), ...[...this.parentOf.keys()].sort(compareStrings)]
  }

  /** `POST /products`: a new product, with its variations when configurable. */
  create(input: unknown, priceRules: SandboxPriceRules = DEFAULT_SANDBOX_PRICE_RULES): SandboxProduct {
    const product = parseOrThrow(sandboxNewProductSchema, input, { prefix: "product" })
    if (this.taken(product.sku)) throw new SandboxHubError(422, `product.sku: ${product.sku} already exists on the hub`)
    const model = priceRules.productModel
    checkPromotion("product", product.promotional_price, product.price, model)
    const variations = product.variations ?? []
    checkVariationSkus("product", product.sku, variations, (sku) => this.taken(sku))
    checkVariationAttributes("product", product.variation_attributes, variations)
    variations.forEach((variation, index) => checkPromotion(`product.variations.${index}`, variation.promotional_price, variation.price ?? product.price, model))
    // Without a sale price sent, the hub holds none.
    const stored: SandboxProduct = stripUndefined({ ...product, promotional_price: product.promotional_price ?? null })
    this.review(stored)
    this.products.set(stored.sku, stored)
    for (const variation of variations) this.parentOf.set(variation.sku, stored.sku)
    return clone(stored)
  }

  /** `POST /products/{sku}/variations`: one more variation of a configurable product; answers the product. */
  addVariation(parentSku: string, input: unknown, priceRules: SandboxPriceRules = DEFAULT_SANDBOX_PRICE_RULES): SandboxProduct {
    const parent = this.products.get(parentSku)
    if (!parent) throw new SandboxHubError(404, "Product not found")
    const variation = parseOrThrow(sandboxVariationSchema, input, { prefix: "variation" })
    if (this.taken(variation.sku)) throw new SandboxHubError(422, `variation.sku: ${variation.sku} already exists on the hub`)
    if (!parent.variation_attributes?.length) {
      throw new SandboxHubError(422, `variation: ${parentSku} has no variation_attributes to tell its variations apart; set them first`)
    }
    checkPromotion("variation", variation.promotional_price, variation.price ?? parent.price, priceRules.productModel)
    const variations = [...(parent.variations ?? []), stripUndefined(variation)]
    try {
      checkVariationAttributes("product", parent.variation_attributes, variations)
    } catch (error) {
      // Named as the request names it: the new variation is the last.
      if (error instanceof SandboxHubError) throw new SandboxHubError(422, error.message.replace(`product.variations.${variations.length - 1}.`, "variation."))
      throw error
    }
    this.review({ ...parent, variations })
    parent.variations = variations
    this.parentOf.set(variation.sku, parentSku)
    return clone(parent)
  }

  /**
   * Partial update of a product or of a variation, by its SKU, whichever route names it (as the
   * seeded products are one record per SKU): only the fields given change (docs/hub-interface.md §4
   * rule 2). Answers the product, or the variation with its product's SKU.
   */
  update(sku: string, fields: unknown, priceRules: SandboxPriceRules = DEFAULT_SANDBOX_PRICE_RULES): SandboxProduct | SandboxVariationView {
    const product = this.products.get(sku)
    if (product) {
      const update = parseOrThrow(sandboxProductUpdateSchema, fields, { prefix: "product" })
      checkPriceUpdate(product, update, priceRules)
      const updated = applyProductUpdate(product, update, priceRules.productModel)
      this.review(updated)
      this.products.set(sku, updated)
      return clone(updated)
    }
    const parentSku = this.parentOf.get(sku)
    const parent = parentSku === undefined ? undefined : this.products.get(parentSku)
    if (!parent) throw new SandboxHubError(404, "Product not found")
    const update = parseOrThrow(sandboxVariationUpdateSchema, fields, { prefix: "variation" })
    const current = (parent.variations ?? []).find((variation) => variation.sku === sku)
    checkPriceUpdate({ price: current?.price ?? parent.price, promotional_price: current?.promotional_price }, update, priceRules)
    const variations = (parent.variations ?? []).map((variation) => (variation.sku === sku ? stripUndefined({ ...variation, ...update }) : variation))
    const updated = variations.find((variation) => variation.sku === sku)!
    if (update.price !== undefined || update.promotional_price !== undefined) {
      // What the variation holds after the update (a null there is no sale, however it came).
      checkPromotion("variation", updated.promotional_price ?? undefined, updated.price ?? parent.price, priceRules.productModel)
    }
    if (update.specifications !== undefined) checkVariationAttributes("product", parent.variation_attributes, variations)
    this.review({ ...parent, variations })
    parent.variations = variations
    return { ...clone(updated), parent_sku: parent.sku }
  }

  /** One page of products sorted by SKU: by page number, or (cursor paging) after a SKU. */
  list(query: { perPage: number; page?: number; afterSku?: string; filters: Record<string, unknown> }): ProductListing {
    const filters = parseOrThrow(productFiltersSchema, query.filters, { status: 400, prefix: "filters" })
    const matching = [...this.products.values()]
      .filter((product) => matchesProductFilters(product, filters))
      .sort((a, b) => compareStrings(a.sku, b.sku))
    let start: number
    if (query.afterSku !== undefined) {
      const afterSku = query.afterSku
      const index = matching.findIndex((product) => compareStrings(product.sku, afterSku) > 0)
      start = index === -1 ? matching.length : index
    } else {
      start = pageStart(query.page ?? 1, query.perPage)
    }
    const products = matching.slice(start, start + query.perPage).map(clone)
    return { products, total: matching.length, lastSku: products.at(-1)?.sku, more: start + query.perPage < matching.length }
  }

  /** A SKU held by a product or a variation. */
  private taken(sku: string): boolean {
    return this.products.has(sku) || this.parentOf.has(sku)
  }

  private variationOf(parentSku: string, sku: string): SandboxVariation | undefined {
    return this.products.get(parentSku)?.variations?.find((variation) => variation.sku === sku)
  }
}

/** What the hub holds shows only the fields given: a field left out is not stored as undefined. */
function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T
}
