/*
 * The marketplace's review as the sandbox plays it (docs/hub-public-facts.md, Sync errors): the hub
 * takes a product (201), and a moment later the marketplace may refuse it; the hub lists that under
 * `GET /sync_errors/products` until the merchant's integration says it is fixed (`PATCH`), and lists it
 * again if the marketplace still finds it. Its one rule a client can know: an account with `eanRequired`
 * refuses a product (or a variation) without an EAN (`ean_null`); any other refusal (rules a client
 * cannot foresee) is reported through the control routes, for products and orders alike. The sandbox's
 * own reading of the record, apart from the plugin's (src/hub-client/sync-errors.ts).
 */
import { z } from "zod"
import { parseOrThrow } from "./errors"
import type { SandboxProduct } from "./records"

export type SandboxSyncErrorEntity = "products" | "orders"

/** An entry of the listing, with the record's keys (`last_accurence` as the hub spells it). */
export type SandboxSyncError = {
  entity_id: string
  error_code: string
  error_category_code: string
  message: string
  last_accurence: string
  error_qty: number
}

/** The hub's words for each error (`GET /sync_errors/categories`), in Portuguese as the hub writes them. */
export const SANDBOX_SYNC_ERROR_CATEGORIES = [
  {
    code: "link_b2w_products",
    entity_type: "product",
    error_types: [
      { code: "ean_null", name: "Produto sem EAN", solution: "Informe o EAN (código de barras) do produto: esta conta não aceita produtos sem EAN." },
      { code: "invalid_ean", name: "EAN inválido", solution: "Corrija o EAN: 8, 12, 13 ou 14 dígitos com o dígito verificador correto." },
      { code: "empty_name", name: "Produto sem nome", solution: "Informe o nome do produto." },
    ],
  },
  {
    code: "link_b2w_orders",
    entity_type: "order",
    error_types: [{ code: "invoice_rejected", name: "Nota fiscal recusada", solution: "Confira a chave da NF-e e envie a nota novamente." }],
  },
]

const MESSAGES: Record<string, string> = { ean_null: "Produto sem EAN não pode ser vinculado nesta conta" }

const reportSchema = z.strictObject({
  entity: z.enum(["products", "orders"]),
  entity_id: z.string().min(1),
  error_code: z.string().min(1),
  error_category_code: z.string().min(1),
  message: z.string().min(1),
})
export type SandboxSyncErrorReport = z.input<typeof reportSchema>

const clearSchema = z.strictObject({
  errors: z
    .array(z.strictObject({ entity_id: z.string().min(1), error_category_code: z.string().min(1), error_code: z.string().min(1) }), "errors must be a list")
    .min(1, "errors must name an error"),
})

const keyOf = (error: Pick<SandboxSyncError, "entity_id" | "error_category_code" | "error_code">) => `${error.entity_id}\u0000${error.error_category_code}\u0000${error.error_code}`

export class SandboxMarketplaceReview {
  private readonly errors = { products: new Map<string, SandboxSyncError>(), orders: new Map<string, SandboxSyncError>() }
  /** Products written since the marketplace last looked (it reviews them when the hub is next asked). */
  private readonly toReview = new Set<string>()
  /** The account may not list a product without an EAN. */
  eanRequired = false

  constructor(
    private readonly catalogue: { getProduct(sku: string): SandboxProduct | undefined },
    private readonly now: () => Date
  ) {}

  clear(): void {
    this.errors.products.clear()
    this.errors.orders.clear()
    this.toReview.clear()
    this.eanRequired = false
  }

  /** A product the hub took (created, changed, a variation added): the marketplace will look at it. */
  written(sku: string): void {
    this.toReview.add(sku)
  }

  /** One page of the listing, sorted by entity and code (the products written since are reviewed first). */
  list(entity: SandboxSyncErrorEntity, { page, perPage, category }: { page: number; perPage: number; category?: string }): SandboxSyncError[] {
    if (entity === "products") this.review()
    const entries = [...this.errors[entity].values()]
      .filter((error) => category === undefined || error.error_category_code === category)
      .sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0))
    return entries.slice((page - 1) * perPage, page * perPage).map((error) => ({ ...error }))
  }

  /** `PATCH /sync_errors/{entity}`: the named errors are taken off the list; the products are looked at again. */
  clearErrors(entity: SandboxSyncErrorEntity, body: unknown): { cleared: number } {
    const { errors } = parseOrThrow(clearSchema, body)
    let cleared = 0
    for (const error of errors) {
      if (this.errors[entity].delete(keyOf(error))) cleared++
      if (entity === "products") this.toReview.add(error.entity_id)
    }
    return { cleared }
  }

  /** A refusal the client cannot foresee (control route): listed as the marketplace would. */
  report(input: SandboxSyncErrorReport): SandboxSyncError {
    const { entity, ...error } = parseOrThrow(reportSchema, input)
    return { ...this.add(entity, error) }
  }

  private add(entity: SandboxSyncErrorEntity, error: Omit<SandboxSyncError, "last_accurence" | "error_qty">): SandboxSyncError {
    const earlier = this.errors[entity].get(keyOf(error))
    const stored = { ...error, last_accurence: this.now().toISOString(), error_qty: (earlier?.error_qty ?? 0) + 1 }
    this.errors[entity].set(keyOf(error), stored)
    return stored
  }

  private review(): void {
    for (const sku of this.toReview) {
      const product = this.catalogue.getProduct(sku)
      if (!product || !this.eanRequired) continue
      const withoutEan = [product.variations?.length ? [] : [product], product.variations ?? []].flat().filter((item) => !item.ean)
      for (const item of withoutEan) this.add("products", { entity_id: item.sku, error_code: "ean_null", error_category_code: "link_b2w_products", message: MESSAGES.ean_null })
    }
    this.toReview.clear()
  }
}
